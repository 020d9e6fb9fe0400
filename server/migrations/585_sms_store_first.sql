-- 短信营销: a campaign's recipients are stored (as chunks) before the campaign row, in short
-- transactions, so making a 100,000-recipient campaign no longer holds PGlite, and every page with
-- it, for a second (server/src/sms/campaign.ts, makeCampaign). A chunk may therefore exist for a
-- moment before its campaign: the key goes; stored_at lets dropOrphanChunks remove the chunks of a
-- campaign whose making was cut short by a killed process.
ALTER TABLE sms_pending DROP CONSTRAINT sms_pending_campaign_id_fkey;
ALTER TABLE sms_pending ADD COLUMN stored_at timestamptz NOT NULL DEFAULT now();
