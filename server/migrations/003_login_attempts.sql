-- Login throttling counts every attempt before the password is checked, in one row per key that
-- an atomic upsert increments: 200 parallel guesses can no longer all be verified (issue 10).
-- Keys combine account and address, so a flood from one address cannot lock the real user out.
DROP TABLE login_failure;

CREATE TABLE login_attempt (
  key text PRIMARY KEY,
  attempts integer NOT NULL,
  window_started_at timestamptz NOT NULL DEFAULT now()
);

-- A login code can be guessed only a few times, from anywhere, before it is burned.
ALTER TABLE sms_login_code ADD COLUMN wrong_tries integer NOT NULL DEFAULT 0;
