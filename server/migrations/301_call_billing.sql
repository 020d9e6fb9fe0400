-- Billing from what the signalling server saw, and call records by store (issue 10).
-- A call is identified by its SIP Call-ID: the phone bar reports it when it dials, Kamailio's
-- dialog events report it when the call is answered and when it ends.
ALTER TABLE call_record ADD COLUMN IF NOT EXISTS sip_call_id TEXT;
-- The store the call belongs to (data scope): the customer's store, else the caller's store.
-- NULL = headquarters staff calling no customer; visible to users who see every store.
ALTER TABLE call_record ADD COLUMN IF NOT EXISTS store_id INTEGER;
-- Set once, when the call's minutes were taken off the balance: a replayed end bills nothing.
ALTER TABLE call_record ADD COLUMN IF NOT EXISTS billed_at TIMESTAMPTZ;
-- Whose clock timed the call: 'sip' = Kamailio's dialog events, 'server' = this server's receive
-- times of the phone bar's reports (deployments without SIP events).
ALTER TABLE call_record ADD COLUMN IF NOT EXISTS timed_by TEXT NOT NULL DEFAULT 'server' CHECK (timed_by IN ('sip', 'server'));
-- A call in progress has no end yet.
ALTER TABLE call_record ALTER COLUMN ended_at DROP NOT NULL;
ALTER TABLE call_record DROP CONSTRAINT IF EXISTS call_record_result_check;
ALTER TABLE call_record ADD CONSTRAINT call_record_result_check
  CHECK (result IN ('calling', 'answered', 'busy', 'rejected', 'no_answer', 'unavailable', 'not_found', 'canceled', 'failed'));
UPDATE call_record SET billed_at = created_at WHERE billed_at IS NULL AND billed_minutes > 0;
CREATE UNIQUE INDEX IF NOT EXISTS call_record_sip_call_idx ON call_record (sip_call_id);
CREATE INDEX IF NOT EXISTS call_record_store_idx ON call_record (garage_id, store_id, started_at DESC);
