-- 工作台 (issue 17): two more kinds of follow-up task, and the customer's 专属顾问 so an advisor's
-- workbench lists their own customers' tasks.

-- 流失回访 (a customer who just turned 流失) and 预约跟进 (a next call an employee scheduled).
ALTER TABLE follow_up_task DROP CONSTRAINT follow_up_task_rule_check;
ALTER TABLE follow_up_task ADD CONSTRAINT follow_up_task_rule_check
  CHECK (rule IN ('maintenance', 'insurance', 'birthday', 'lost', 'follow_up'));

-- The employee who looks after the customer; NULL = the store's staff. A task's own assignee wins.
ALTER TABLE customer ADD COLUMN advisor_id integer REFERENCES app_user (id) ON DELETE SET NULL;
CREATE INDEX customer_advisor ON customer (advisor_id) WHERE advisor_id IS NOT NULL;

-- Open tasks of a day range per chain (the workbench lists by due day).
CREATE INDEX follow_up_task_due ON follow_up_task (chain_id, due_on) WHERE status = 'open';
-- Tasks closed today (the workbench's 今日已完成).
CREATE INDEX follow_up_task_done ON follow_up_task (chain_id, done_at) WHERE done_at IS NOT NULL;
