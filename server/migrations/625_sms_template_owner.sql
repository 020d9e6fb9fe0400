-- 短信模板 (issue 31): a template is the chain's (store_id NULL, 总部模板: every store sends it,
-- only people who see every store change it) or one store's own (seen and changed by that store's
-- staff). Every template so far was the chain's. Names are unique per owner.
ALTER TABLE sms_template ADD COLUMN store_id integer REFERENCES garage (id);
ALTER TABLE sms_template DROP CONSTRAINT sms_template_chain_id_name_key;
CREATE UNIQUE INDEX sms_template_owner_name ON sms_template (chain_id, COALESCE(store_id, 0), name);
