/**
 * Import tasks (import_task): created by POST /client/import, run by the 'import' job, read by
 * the task/tasks/report routes. The job reads the stored file again from the start, skips the
 * rows already `processed`, and applies the rest in batches; each batch commits its rows, its
 * report rows and the task's counters + checkpoint in one transaction.
 */
import type { Cell, ImportStore } from '../../../contracts/rules/import';
import { IMPORT_LIMITS, type AnyImportField, type DuplicateMode, type ImportKind, type ImportMapping, type ImportStatus, type ImportTask } from '../../../contracts/api/import';
import { today } from '../../../contracts/dates';
import { sql, type Database, type Queryable } from '../db/database';
import { JobStopped, type JobContext } from '../jobs/queue';
import { applyBatch, type BatchRow, type BatchTask } from './apply';
import { cellText, ImportFileError, readRows, type FileFormat } from './read';
import { KIND_RULES } from './kinds';
import { noRequests, type GiveWay } from '../http/requests-first';

/**
 * Rows per transaction. PGlite runs in the HTTP server's thread: small batches so other requests
 * are answered in between (tests/bench/RESULTS.md, "Batch import"); PostgreSQL works in its own
 * process, where bigger batches mean fewer round trips.
 */
export const BATCH_ROWS = { pglite: 250, postgres: 1000 } as const;

export const IMPORT_JOB = 'import';

export interface TaskRow {
  id: number;
  chain_id: number;
  store_id: number;
  scope_store_ids: number[];
  kind: ImportKind;
  status: ImportStatus;
  duplicates: DuplicateMode;
  mapping: ImportMapping;
  file_name: string;
  format: FileFormat;
  headers: string[];
  total: number;
  processed: number;
  imported: number;
  updated: number;
  skipped: number;
  failed: number;
  warned: number;
  message: string;
  created_by_name: string;
  store_name: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

const TASK_COLUMNS = sql`t.id, t.chain_id, t.store_id, t.scope_store_ids, t.kind, t.status, t.duplicates, t.mapping, t.file_name, t.format, t.headers,
  t.total, t.processed, t.imported, t.updated, t.skipped, t.failed, t.warned, t.message, t.created_at, t.started_at, t.finished_at,
  COALESCE(NULLIF(u.nick_name, ''), u.username) AS created_by_name, g.name AS store_name`;
const TASK_FROM = sql`import_task t JOIN app_user u ON u.id = t.created_by JOIN garage g ON g.id = t.store_id`;

export async function taskRow(db: Queryable, id: number, where = sql`TRUE`): Promise<TaskRow | undefined> {
  return db.one<TaskRow>(sql`SELECT ${TASK_COLUMNS} FROM ${TASK_FROM} WHERE t.id = ${id} AND ${where}`);
}

export async function taskAnswer(db: Queryable, task: TaskRow): Promise<ImportTask> {
  const errors = await db.rows<{ row_no: number; field: string; message: string; level: 'error' | 'warning' }>(sql`
    SELECT row_no, field, message, level FROM import_task_error WHERE task_id = ${task.id} ORDER BY row_no, id LIMIT ${IMPORT_LIMITS.taskErrors}`);
  return {
    taskId: task.id,
    kind: task.kind,
    fileName: task.file_name,
    status: task.status,
    duplicates: task.duplicates,
    total: task.total,
    processed: task.processed,
    imported: task.imported,
    updated: task.updated,
    skipped: task.skipped,
    failed: task.failed,
    warned: task.warned,
    errors: errors.map((error) => ({ row: error.row_no, column: error.field, message: error.message, level: error.level })),
    message: task.message,
    createdBy: task.created_by_name,
    storeName: task.store_name,
    createdAt: task.created_at,
    startedAt: task.started_at,
    finishedAt: task.finished_at,
  };
}

/** The stores a task may write into: those the user saw when starting it. */
export async function storesOf(db: Queryable, chainId: number, storeIds: number[]): Promise<ImportStore[]> {
  return db.rows<ImportStore>(sql`SELECT id, name FROM garage WHERE chain_id = ${chainId} AND id = ANY(${sql.param(storeIds)}::int[]) ORDER BY id`);
}

/** One data row as the rules see it: column i's cell under the field the mapping gives column i. */
export function rowByMapping(cells: readonly Cell[], mapping: ImportMapping): Partial<Record<AnyImportField, Cell>> {
  const row: Partial<Record<AnyImportField, Cell>> = {};
  mapping.forEach((field, column) => {
    if (field && row[field] === undefined) row[field] = cells[column];
  });
  return row;
}

export async function hasPendingImports(db: Queryable): Promise<boolean> {
  const row = await db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM import_task WHERE status IN ('queued', 'running')`);
  return (row?.n ?? 0) > 0;
}

class Cancelled extends Error {}

/** The 'import' job: runs (or resumes) one task to its end, unless it is cancelled or the server stops. */
export async function runImportTask(
  db: Database,
  taskId: number,
  job: JobContext,
  log: { error(obj: unknown, msg?: string): void },
  requests: GiveWay = noRequests,
): Promise<void> {
  const claimed = await db.one<{ id: number }>(sql`
    UPDATE import_task SET status = 'running', started_at = COALESCE(started_at, now())
     WHERE id = ${taskId} AND status IN ('queued', 'running') RETURNING id`);
  if (!claimed) return; // cancelled, or already finished by an earlier run
  const task = (await taskRow(db, taskId))!;
  const file = await db.one<{ file_bytes: Uint8Array }>(sql`SELECT file_bytes FROM import_task WHERE id = ${taskId}`);
  const bytes = Buffer.from(file!.file_bytes);
  const stores = await storesOf(db, task.chain_id, task.scope_store_ids);
  const batchTask: BatchTask = { id: task.id, chainId: task.chain_id, kind: task.kind, duplicates: task.duplicates, storeId: task.store_id, scopeStoreIds: task.scope_store_ids };
  const rules = KIND_RULES[task.kind];
  let processed = task.processed;

  const commit = async (batch: BatchRow[]) => {
    // The pages first: each batch waits for the requests being answered (http/requests-first.ts).
    await requests.turn(() => db.transaction(async (tx) => {
      // The checkpoint guards the batch: a cancelled task, or a second runner that got here first, rolls it back.
      const current = await tx.one<{ status: string; processed: number }>(sql`SELECT status, processed FROM import_task WHERE id = ${taskId} FOR UPDATE`);
      if (current?.status !== 'running' || current.processed !== processed) throw new Cancelled();
      const counts = await applyBatch(tx, batchTask, batch, today());
      await tx.run(sql`
        UPDATE import_task SET processed = processed + ${batch.length}, total = GREATEST(total, processed + ${batch.length}), imported = imported + ${counts.imported}, updated = updated + ${counts.updated},
               skipped = skipped + ${counts.skipped}, failed = failed + ${counts.failed}, warned = warned + ${counts.warned}
         WHERE id = ${taskId}`);
    }));
    processed += batch.length;
  };

  try {
    let header = true;
    let index = 0;
    let batch: BatchRow[] = [];
    for await (const { row, cells } of readRows(bytes, task.format)) {
      if (header) {
        header = false;
        continue;
      }
      index += 1;
      if (index <= processed) continue;
      const checked = rules.check(rowByMapping(cells, task.mapping), stores);
      batch.push({ row, cells: cells.map(cellText), checked });
      if (batch.length >= BATCH_ROWS[db.kind]) {
        if (job.stopping()) throw new JobStopped();
        await commit(batch);
        batch = [];
      }
    }
    if (batch.length > 0) await commit(batch);
    await db.run(sql`UPDATE import_task SET status = 'done', total = processed, finished_at = now() WHERE id = ${taskId} AND status = 'running'`);
  } catch (error) {
    if (error instanceof Cancelled) return;
    if (error instanceof JobStopped) throw error;
    const message = error instanceof ImportFileError ? error.message : '导入中断：服务器处理出错，已导入的行保留，请稍后重新导入剩余的行';
    if (!(error instanceof ImportFileError)) log.error({ err: error, taskId }, 'import task failed');
    await db.run(sql`UPDATE import_task SET status = 'failed', message = ${message}, finished_at = now() WHERE id = ${taskId} AND status = 'running'`);
  }
}
