-- Balances move only through paid orders, refunds and billing (issue 31). What no order, refund
-- or bill explains — an operator's 管理员调整 (adjust) or a 赠送 (grant) — says who made it and why.
ALTER TABLE ledger_entry ADD COLUMN actor text NOT NULL DEFAULT '';
UPDATE ledger_entry SET actor = '未记录' WHERE reason IN ('adjust', 'grant') AND actor = '';
UPDATE ledger_entry SET note = '未记录' WHERE reason IN ('adjust', 'grant') AND note = '';
ALTER TABLE ledger_entry ADD CONSTRAINT ledger_entry_who_why CHECK (reason NOT IN ('adjust', 'grant') OR (actor <> '' AND note <> ''));
