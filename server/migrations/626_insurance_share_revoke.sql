-- 报价单分享链接 (issue 31): staff revoke a link before it expires; the public page then says
-- 「链接已失效」. Who revoked it is kept for the quote's list of links.
ALTER TABLE insurance_quote_share
  ADD COLUMN revoked_at timestamptz,
  ADD COLUMN revoked_by integer REFERENCES app_user (id) ON DELETE SET NULL;
CREATE INDEX insurance_quote_share_quote ON insurance_quote_share (quote_id, id DESC);
