-- 短信营销 at 100,000 recipients (issue 15, figures): the send log's rows carry no foreign keys. Each
-- key was checked row by row on every insert (a lookup and a lock per recipient and per part: about
-- half the cost of writing a batch), and none guards anything the app does:
-- - recipient rows are written only from their campaign's own stored chunk (sms_pending, which keeps
--   its key), so the campaign exists; campaigns are never deleted (cancelled instead);
-- - customer_id is filled only for a customer that exists when the row is written (LEFT JOIN), and
--   customers are never deleted; a later erasure feature must clear the send log itself anyway (the
--   number and the name are kept there, not only the id);
-- - parts are written in the same transaction as their recipient's row.
ALTER TABLE sms_recipient DROP CONSTRAINT sms_recipient_campaign_id_fkey;
ALTER TABLE sms_recipient DROP CONSTRAINT sms_recipient_customer_id_fkey;
ALTER TABLE sms_part DROP CONSTRAINT sms_part_recipient_id_fkey;
