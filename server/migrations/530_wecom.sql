-- 企业微信 (issue 18): the chain's external contacts as last read from WeCom, and the customer each
-- one is (the binding). A contact is one customer; a customer is one contact (unique per chain), so
-- the sidebar always shows one card. Unmatched contacts become potential customers (potential_id).
-- customer.wechat_external_id (002) stays unused: the binding lives here, with its source and time.
CREATE TABLE wecom_contact (
  chain_id integer NOT NULL REFERENCES chain (id),
  external_userid text NOT NULL,
  name text NOT NULL DEFAULT '',
  -- 1 WeChat user, 2 WeCom user
  type smallint NOT NULL DEFAULT 0,
  avatar text NOT NULL DEFAULT '',
  -- follow_user as read: [{ userid, remark, remarkMobiles, createtime }]
  follow_users jsonb NOT NULL DEFAULT '[]',
  -- remark_mobiles of every follow user, deduplicated: what links the contact to a customer
  mobiles text[] NOT NULL DEFAULT '{}',
  customer_id integer REFERENCES customer (id) ON DELETE SET NULL,
  -- mobile = linked by a remark mobile, manual = bound by hand, created = customer made from the contact
  bound_by text CHECK (bound_by IN ('mobile', 'manual', 'created')),
  bound_user_id integer REFERENCES app_user (id) ON DELETE SET NULL,
  bound_at timestamptz,
  potential_id integer REFERENCES potential_customer (id) ON DELETE SET NULL,
  synced_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (chain_id, external_userid),
  CHECK ((customer_id IS NULL) = (bound_by IS NULL))
);
CREATE UNIQUE INDEX wecom_contact_customer ON wecom_contact (chain_id, customer_id) WHERE customer_id IS NOT NULL;

-- One sync of the chain's external contacts at a time, resumable: users_done is the checkpoint
-- (follow users finished); inside a user, contacts already synced in this run are skipped.
CREATE TABLE wecom_sync (
  chain_id integer PRIMARY KEY REFERENCES chain (id),
  state text NOT NULL DEFAULT 'idle' CHECK (state IN ('idle', 'running', 'done', 'failed')),
  full_sync boolean NOT NULL DEFAULT false,
  run integer NOT NULL DEFAULT 0,
  users text[] NOT NULL DEFAULT '{}',
  users_done integer NOT NULL DEFAULT 0,
  contacts_seen integer NOT NULL DEFAULT 0,
  linked integer NOT NULL DEFAULT 0,
  new_leads integer NOT NULL DEFAULT 0,
  started_by integer REFERENCES app_user (id) ON DELETE SET NULL,
  started_at timestamptz,
  finished_at timestamptz,
  error text NOT NULL DEFAULT ''
);
