-- 短信营销: each recipient row written once (issue 15, figures). A claim no longer expands its chunk
-- into 发送中 rows: it marks the chunk taken (one row), and the batch's commit writes every
-- recipient's row in its final state and deletes the chunk. Until then the chunk's recipients are
-- listed 发送中 and count towards the daily marketing limit; a process start turns a chunk a killed
-- process left taken into 失败 rows (at most once: never sent again) and refunds them.
ALTER TABLE sms_pending ADD COLUMN taken_at timestamptz;
-- Why each recipient of a taken chunk is not sent (opted out, daily limit); NULL for those sent.
ALTER TABLE sms_pending ADD COLUMN reasons text[];
