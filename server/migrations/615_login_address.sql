-- Addresses each user signed in from (issue 31). A flood of made-up usernames from one address
-- fills that address's login limit; a user who signed in from there within 30 days is still let
-- through to their own account's limits (auth/throttle.ts), so one person behind a garage's shared
-- line or a proxy cannot lock out everybody else there.
CREATE TABLE login_address (
  user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  address text NOT NULL,
  last_login_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, address)
);
