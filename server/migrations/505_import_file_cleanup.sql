-- 批量导入: the uploaded file is only read while its task runs (the report keeps each failed row's
-- own cells in import_task_error). Once a task ends (done, failed, cancelled) its bytes are dropped,
-- so a chain's imports do not keep every spreadsheet ever uploaded. One rule in the database, for
-- every way a task can end.
CREATE FUNCTION import_task_drop_file() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.file_bytes := ''::bytea;
  RETURN NEW;
END $$;

CREATE TRIGGER import_task_drop_file BEFORE UPDATE OF status ON import_task
  FOR EACH ROW WHEN (NEW.status IN ('done', 'failed', 'cancelled') AND OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION import_task_drop_file();

UPDATE import_task SET file_bytes = ''::bytea WHERE status IN ('done', 'failed', 'cancelled');
