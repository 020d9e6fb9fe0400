-- Web phone (issue 7): SIP accounts per user, call balance per garage, call records.
-- Ids are stored as text so this domain does not depend on the id types of other domains.

CREATE TABLE IF NOT EXISTS sip_account (
  user_id      TEXT PRIMARY KEY,
  garage_id    TEXT NOT NULL,
  sip_user     TEXT NOT NULL,
  realm        TEXT NOT NULL,
  -- MD5(sip_user:realm:password), what SIP digest auth and JsSIP's `ha1` use; no password kept.
  ha1          CHAR(32) NOT NULL CHECK (ha1 ~ '^[0-9a-f]{32}$'),
  -- SIP WebSocket URL for this account's signalling server; NULL = deployment default / realm.
  server       TEXT,
  created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (sip_user, realm)
);
CREATE INDEX IF NOT EXISTS sip_account_garage_idx ON sip_account (garage_id);

CREATE TABLE IF NOT EXISTS call_balance (
  garage_id    TEXT PRIMARY KEY,
  minutes      INTEGER NOT NULL DEFAULT 0 CHECK (minutes >= 0),
  updated_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS call_record (
  id                BIGSERIAL PRIMARY KEY,
  garage_id         TEXT NOT NULL,
  user_id           TEXT NOT NULL,
  customer_id       TEXT,
  number            TEXT NOT NULL,
  started_at        TIMESTAMPTZ NOT NULL,
  answered_at       TIMESTAMPTZ,
  ended_at          TIMESTAMPTZ NOT NULL,
  duration_seconds  INTEGER NOT NULL DEFAULT 0 CHECK (duration_seconds >= 0),
  -- Started minutes of talk time, what the balance was decreased by.
  billed_minutes    INTEGER NOT NULL DEFAULT 0 CHECK (billed_minutes >= 0),
  result            TEXT NOT NULL CHECK (result IN ('answered', 'busy', 'rejected', 'no_answer', 'unavailable', 'not_found', 'canceled', 'failed')),
  created_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS call_record_customer_idx ON call_record (garage_id, customer_id, started_at DESC);
CREATE INDEX IF NOT EXISTS call_record_user_idx ON call_record (garage_id, user_id, started_at DESC);
