-- 短信营销 at 100,000 recipients (issue 15, figures): a recipient's state changes stay HOT updates
-- (no index holds state or submitted_at, and each page keeps room for the new versions), so sending
-- leaves no dead index entries behind (PGlite has no autovacuum); progress comes from per-statement
-- counts kept by a trigger instead of counting the campaign's recipients on every look.

DROP INDEX sms_recipient_campaign;
CREATE INDEX sms_recipient_campaign ON sms_recipient (campaign_id, id);
DROP INDEX sms_recipient_mobile;
CREATE INDEX sms_recipient_mobile ON sms_recipient (chain_id, mobile);
ALTER TABLE sms_recipient SET (fillfactor = 50);
-- One text per number per campaign is kept by resolveAudience (numbers deduplicated before the
-- rows are made); the index only cost every insert of a 100,000-recipient campaign.
ALTER TABLE sms_recipient DROP CONSTRAINT sms_recipient_campaign_id_mobile_key;
-- The SMSC's message ids of the parts (space-separated): kept on the recipient; sms_part holds only
-- the parts whose receipt had not come when the submission was committed.
ALTER TABLE sms_recipient ADD COLUMN message_ids text NOT NULL DEFAULT '';

-- One row per statement that changed a campaign's recipients: the change of each progress count.
-- A campaign's progress is the sum of its rows (a few thousand at most for 100,000 recipients).
CREATE TABLE sms_campaign_progress (
  campaign_id integer NOT NULL REFERENCES sms_campaign (id) ON DELETE CASCADE,
  processed integer NOT NULL,
  submitted integer NOT NULL,
  delivered integer NOT NULL,
  failed integer NOT NULL,
  skipped integer NOT NULL
);
CREATE INDEX sms_campaign_progress_campaign ON sms_campaign_progress (campaign_id);

-- The counts of routes/sms.ts summaries: processed, submitted, delivered, failed, skipped.
INSERT INTO sms_campaign_progress (campaign_id, processed, submitted, delivered, failed, skipped)
SELECT campaign_id,
       count(*) FILTER (WHERE state NOT IN ('queued', 'submitting')),
       count(*) FILTER (WHERE submitted_at IS NOT NULL AND state IN ('submitted', 'delivered', 'failed')),
       count(*) FILTER (WHERE state = 'delivered'),
       count(*) FILTER (WHERE state = 'failed'),
       count(*) FILTER (WHERE state IN ('skipped', 'cancelled'))
  FROM sms_recipient GROUP BY campaign_id;

CREATE FUNCTION sms_recipient_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sms_campaign_progress (campaign_id, processed, submitted, delivered, failed, skipped)
  SELECT campaign_id,
         count(*) FILTER (WHERE state NOT IN ('queued', 'submitting')),
         count(*) FILTER (WHERE submitted_at IS NOT NULL AND state IN ('submitted', 'delivered', 'failed')),
         count(*) FILTER (WHERE state = 'delivered'),
         count(*) FILTER (WHERE state = 'failed'),
         count(*) FILTER (WHERE state IN ('skipped', 'cancelled'))
    FROM new_rows GROUP BY campaign_id
  HAVING count(*) FILTER (WHERE state NOT IN ('queued', 'submitting') OR submitted_at IS NOT NULL) > 0;
  RETURN NULL;
END $$;

CREATE FUNCTION sms_recipient_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sms_campaign_progress (campaign_id, processed, submitted, delivered, failed, skipped)
  SELECT campaign_id, sum(processed), sum(submitted), sum(delivered), sum(failed), sum(skipped)
    FROM (SELECT campaign_id,
                 (state NOT IN ('queued', 'submitting'))::int AS processed,
                 (submitted_at IS NOT NULL AND state IN ('submitted', 'delivered', 'failed'))::int AS submitted,
                 (state = 'delivered')::int AS delivered,
                 (state = 'failed')::int AS failed,
                 (state IN ('skipped', 'cancelled'))::int AS skipped
            FROM new_rows
          UNION ALL
          SELECT campaign_id,
                 -(state NOT IN ('queued', 'submitting'))::int,
                 -(submitted_at IS NOT NULL AND state IN ('submitted', 'delivered', 'failed'))::int,
                 -(state = 'delivered')::int,
                 -(state = 'failed')::int,
                 -(state IN ('skipped', 'cancelled'))::int
            FROM old_rows) change
   GROUP BY campaign_id
  HAVING sum(processed) <> 0 OR sum(submitted) <> 0 OR sum(delivered) <> 0 OR sum(failed) <> 0 OR sum(skipped) <> 0;
  RETURN NULL;
END $$;

CREATE TRIGGER sms_recipient_progress_insert AFTER INSERT ON sms_recipient
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sms_recipient_inserted();
CREATE TRIGGER sms_recipient_progress_update AFTER UPDATE ON sms_recipient
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sms_recipient_updated();
