-- 工作台 (issue 33): a task is closed with how the call went and its own note, and can be reopened
-- the same day. The closing note is kept apart from the task's note (a 预约跟进's note is what the
-- previous call promised), so an undo gives the task back as it was.
ALTER TABLE follow_up_task ADD COLUMN result text CHECK (result IN ('reached', 'booked', 'no_answer', 'declined'));
ALTER TABLE follow_up_task ADD COLUMN done_note text;
-- The task whose closing scheduled this 预约跟进: undoing that close takes it back.
ALTER TABLE follow_up_task ADD COLUMN from_task_id integer REFERENCES follow_up_task (id) ON DELETE SET NULL;
CREATE INDEX follow_up_task_from ON follow_up_task (from_task_id) WHERE from_task_id IS NOT NULL;
