-- 批量导入保单 (issue 16 through issue 13's jobs): the import tables take a third kind, and a
-- policy is found by its number within the chain (duplicates: same 保单号 in the chain).
ALTER TABLE import_task DROP CONSTRAINT import_task_kind_check;
ALTER TABLE import_task ADD CONSTRAINT import_task_kind_check CHECK (kind IN ('customer', 'potential', 'policy'));
ALTER TABLE import_preset DROP CONSTRAINT import_preset_kind_check;
ALTER TABLE import_preset ADD CONSTRAINT import_preset_kind_check CHECK (kind IN ('customer', 'potential', 'policy'));

CREATE INDEX insurance_policy_number ON insurance_policy (chain_id, policy_no);
