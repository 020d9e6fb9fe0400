/**
 * 批量导入 (issue 13): template, preview, start, progress, cancel, error report, and the column
 * mapping presets (task-config). The file arrives as multipart; the rows are applied by the
 * durable 'import' job (jobs/queue.ts, import/task.ts). Every call needs 客户导入 permission
 * (Permission.customerImport) and sees the tasks of the caller's stores only.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import * as calls from '../../../contracts/api/import';
import { IMPORT_LIMITS, importMapping, importUploadFields, type ImportKind, type ImportMapping } from '../../../contracts/api/import';
import type { Problem } from '../../../contracts/rules/import';
import { Permission } from '../../../contracts/permissions';
import { isUniqueViolation, sql, type Queryable } from '../db/database';
import { serve } from '../http/contract';
import { firstProblem } from '../http/input';
import { ApiError, Code, ok, refuse } from '../http/envelope';
import { auditActor, writeAudit } from '../repositories/authority';
import { jobIdFor } from '../jobs/queue';
import { cellText, detectFormat, ImportFileError, scanFile, TooManyRows, type FileFormat } from '../import/read';
import { KIND_RULES, mappingProblem } from '../import/kinds';
import { hasPendingImports, IMPORT_JOB, rowByMapping, runImportTask, storesOf, taskAnswer, taskRow } from '../import/task';
import { exampleValue, REQUIRED_FIELDS, reportXlsx, TEMPLATE_FIELDS, templateTitle, templateXlsx } from '../import/xlsx';
import { hasPermission } from '../auth/context';
import type { Host } from './index';
import { allowanceOfChain } from '../entitlements';
import { importRowsRefusal, type Allowance } from '../../../contracts/rules/mall';

/** Registered once (under /api): the job worker and the queue belong to the process, not to a host. */
export const hosts: Host[] = ['main'];

const IMPORT = { config: { permission: Permission.customerImport } };
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const BUSY_MESSAGE = '本门店已有导入任务正在进行，请等它完成或取消后再导入';
const NOT_FOUND = '导入任务不存在或不在你的数据范围内';
const TITLES: Record<ImportKind, string> = { customer: '客户批量导入', potential: '潜在客户导入', policy: '保单批量导入' };
const DUPLICATE_RULES: Record<ImportKind, string> = {
  customer: '同一门店内手机号或车牌号相同视为重复，可选择跳过、只补充空白字段或覆盖',
  potential: '同一门店内手机号或车牌号相同视为重复，可选择跳过、只补充空白字段或覆盖',
  policy: '同一连锁内保单号相同视为同一张保单，可选择跳过、只补充空白字段或覆盖',
};

/** Policies are insurance data: importing them also needs the 保险 permission (保险查询's). */
function allowKind(request: FastifyRequest, kind: ImportKind) {
  if (kind === 'policy' && !hasPermission(request.auth, Permission.insurance)) throw refuse.forbidden('导入保单需要「保险」权限，请联系门店管理员开通');
}

interface Upload {
  fileName: string;
  bytes: Buffer;
  kind: ImportKind;
  duplicates: calls.DuplicateMode;
  mapping?: ImportMapping;
}

/** The multipart request: one `file` part and the text parts of importUploadFields. */
async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw refuse.badInput('请以表单方式上传文件（multipart/form-data）');
  const fields: Record<string, string> = {};
  let file: { name: string; bytes: Buffer } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file' && !file) file = { name: part.filename || '未命名文件', bytes };
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw refuse.badInput(`文件超过 ${IMPORT_LIMITS.maxFileBytes / 1024 / 1024} MB，请拆分成多个文件分批导入`);
    if (code === 'FST_FILES_LIMIT') throw refuse.badInput('一次只能上传一个文件');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw refuse.badInput('上传的表单项过多');
    throw refuse.badInput('上传内容不完整或格式不正确，请重新上传');
  }
  if (!file) throw refuse.badInput('请选择要导入的文件（.xlsx 或 .csv）');
  const parsed = importUploadFields.safeParse(fields);
  if (!parsed.success) throw refuse.badInput(firstProblem(parsed.error.issues, fields));
  let mapping: ImportMapping | undefined;
  if (parsed.data.mapping) {
    let json: unknown;
    try {
      json = JSON.parse(parsed.data.mapping);
    } catch {
      json = undefined;
    }
    const checked = importMapping.safeParse(json);
    if (!checked.success) throw refuse.badInput('列对应关系格式不正确，请重新选择每一列对应的字段');
    mapping = checked.data;
    const problem = mappingProblem(parsed.data.kind, mapping);
    if (problem) throw refuse.badInput(problem);
  }
  return { fileName: file.name.slice(0, 200), bytes: file.bytes, kind: parsed.data.kind, duplicates: parsed.data.duplicates, mapping };
}

const asUserError = (error: unknown) => (error instanceof ImportFileError ? refuse.badInput(error.message) : error);

interface Scan {
  format: FileFormat;
  headers: string[];
  mapping: ImportMapping;
  total: number;
  preview: { row: number; cells: string[]; problems: (Problem & { field: calls.AnyImportField })[] }[];
}

/**
 * Reads what preview and start need: headers, the mapping (given or recognised), the data row
 * count and the first rows checked. An xlsx is read only that far (read.ts scanFile), so the job
 * is the only full read.
 */
async function scan(upload: Upload, stores: { id: number; name: string }[], held: { edition: string | null; allowance: Allowance }): Promise<Scan> {
  const rules = KIND_RULES[upload.kind];
  try {
    const format = detectFormat(upload.fileName, upload.bytes);
    const { rows, total } = await scanFile(upload.bytes, format, IMPORT_LIMITS.previewRows);
    // The edition's rows per file (the price list's figure); the reader itself stops at IMPORT_LIMITS.maxRows.
    if (total > held.allowance.importRows) throw new TooManyRows();
    if (rows.length === 0) throw new ImportFileError(`文件是空的：第一行应为表头（${rules.headerHint}）`);
    const headers = rows[0].cells.map((cell) => cellText(cell).trim());
    const mapping = upload.mapping ? headers.map((_, i) => upload.mapping![i] ?? null) : rules.mapHeaders(headers);
    const preview = rows.slice(1).map(({ row, cells }) => ({ row, cells: cells.map(cellText), problems: rules.check(rowByMapping(cells, mapping), stores).problems }));
    return { format, headers, mapping, total, preview };
  } catch (error) {
    throw asUserError(error instanceof TooManyRows ? new ImportFileError(importRowsRefusal(held.edition)) : error);
  }
}

async function scopeStores(db: Queryable, request: FastifyRequest) {
  return storesOf(db, request.scope.chainId, request.scope.storeIds);
}

export default async function importRoutes(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: IMPORT_LIMITS.maxFileBytes, files: 1, fields: 10, fieldSize: 20_000, parts: 12 },
  });

  app.jobs.work<{ taskId: number }>(IMPORT_JOB, (data, job) => runImportTask(app.db, data.taskId, job, app.log, app.requestsFirst));
  // A task left queued or running by a stopped (or killed) process is picked up again.
  app.addHook('onReady', async () => {
    app.jobs.startIfPending(() => hasPendingImports(app.db));
  });

  const inScope = (request: FastifyRequest) => sql`t.chain_id = ${request.scope.chainId} AND t.store_id = ANY(${sql.param(request.scope.storeIds)}::int[])`;
  const findTask = async (request: FastifyRequest, taskId: number) => {
    const task = await taskRow(app.db, taskId, inScope(request));
    if (!task) throw refuse.notFound(NOT_FOUND);
    allowKind(request, task.kind);
    return task;
  };

  // ---------------------------------------------------------------- task-config and presets
  const presetsOf = async (chainId: number, kind: ImportKind) =>
    app.db.rows<calls.ImportPreset>(sql`SELECT name, headers, mapping FROM import_preset WHERE chain_id = ${chainId} AND kind = ${kind} ORDER BY updated_at DESC, id DESC`);

  serve(app, calls.importTaskConfig, IMPORT, async ({ type }, request) => {
    allowKind(request, type);
    const storeId = request.scope.defaultStoreId();
    const stores = await scopeStores(app.db, request);
    const storeName = stores.find((store) => store.id === storeId)?.name ?? '';
    return ok({
      type,
      title: TITLES[type],
      columns: TEMPLATE_FIELDS[type].map((field) => ({ key: field, title: templateTitle(field), required: REQUIRED_FIELDS[type].includes(field), example: exampleValue(field, type, storeName) })),
      acceptTypes: ['.xlsx', '.csv'],
      maxRows: (await allowanceOfChain(app.db, request.auth.chainId)).allowance.importRows,
      maxFileSizeMb: IMPORT_LIMITS.maxFileBytes / 1024 / 1024,
      duplicateRule: DUPLICATE_RULES[type],
      targetStoreId: storeId ?? null,
      presets: await presetsOf(request.auth.chainId, type),
    });
  });

  serve(app, calls.importPresetSave, IMPORT, async ({ type, name, headers, mapping }, request) => {
    allowKind(request, type);
    const problem = mappingProblem(type, mapping);
    if (problem) throw refuse.badInput(problem);
    const chainId = request.auth.chainId;
    await app.db.transaction(async (tx) => {
      const count = await tx.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM import_preset WHERE chain_id = ${chainId} AND kind = ${type} AND name <> ${name}`);
      if ((count?.n ?? 0) >= calls.IMPORT_PRESET_LIMIT) throw refuse.badInput(`映射方案最多保存 ${calls.IMPORT_PRESET_LIMIT} 个，请先删除不用的方案`);
      await tx.run(sql`
        INSERT INTO import_preset (chain_id, kind, name, headers, mapping, created_by)
        VALUES (${chainId}, ${type}, ${name}, ${JSON.stringify(headers)}::jsonb, ${JSON.stringify(mapping)}::jsonb, ${request.auth.userId})
        ON CONFLICT (chain_id, kind, name) DO UPDATE SET headers = EXCLUDED.headers, mapping = EXCLUDED.mapping, updated_at = now()`);
    });
    return ok(await presetsOf(chainId, type));
  });

  // ------------------------------------------------------------------------------- template
  serve(app, calls.importTemplate, IMPORT, async ({ kind }, request, reply) => {
    allowKind(request, kind);
    const storeId = request.scope.defaultStoreId();
    const stores = await scopeStores(app.db, request);
    const bytes = await templateXlsx(kind, stores.find((store) => store.id === storeId)?.name ?? '');
    return download(reply, `${calls.IMPORT_KIND_LABELS[kind]}导入模板.xlsx`, bytes);
  });

  // -------------------------------------------------------------------------- preview, start
  serve(app, calls.importPreview, IMPORT, async (_input, request) => {
    const upload = await readUpload(request);
    allowKind(request, upload.kind);
    const found = await scan(upload, await scopeStores(app.db, request), await allowanceOfChain(app.db, request.auth.chainId));
    return ok({ fileName: upload.fileName, format: found.format, headers: found.headers, mapping: found.mapping, total: found.total, rows: found.preview });
  });

  serve(app, calls.importStart, IMPORT, async (_input, request) => {
    const upload = await readUpload(request);
    allowKind(request, upload.kind);
    const storeId = request.scope.defaultStoreId();
    if (storeId === undefined) throw refuse.forbidden('请先切换到一家门店再导入');
    const found = await scan(upload, await scopeStores(app.db, request), await allowanceOfChain(app.db, request.auth.chainId));
    if (found.total === 0) throw refuse.badInput(`文件中没有数据行：第一行为表头，从第二行起每行一${upload.kind === 'policy' ? '张保单' : '位客户'}`);
    const startProblem = KIND_RULES[upload.kind].startProblem(found.mapping);
    if (startProblem) throw refuse.badInput(startProblem);
    let taskId: number;
    try {
      taskId = await app.db.transaction(async (tx) => {
        const row = await tx.one<{ id: number }>(sql`
          INSERT INTO import_task (chain_id, store_id, scope_store_ids, kind, duplicates, mapping, file_name, format, file_bytes, headers, total, created_by)
          VALUES (${request.scope.chainId}, ${storeId}, ${sql.param(request.scope.storeIds)}::int[], ${upload.kind}, ${upload.duplicates},
                  ${JSON.stringify(found.mapping)}::jsonb, ${upload.fileName}, ${found.format}, ${upload.bytes}, ${JSON.stringify(found.headers)}::jsonb,
                  ${found.total}, ${request.auth.userId})
          RETURNING id`);
        await writeAudit(tx, {
          ...auditActor(request.auth, request.ip),
          action: 'import.start',
          targetType: 'import',
          targetId: row!.id,
          targetName: `${calls.IMPORT_KIND_LABELS[upload.kind]}导入：${upload.fileName}（${found.total} 行）`,
          detail: { kind: upload.kind, duplicates: upload.duplicates, total: found.total, fileName: upload.fileName },
          storeIds: [storeId],
        });
        return row!.id;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw refuse.conflict(BUSY_MESSAGE);
      throw error;
    }
    try {
      await app.jobs.send(IMPORT_JOB, { taskId }, { id: jobIdFor(IMPORT_JOB, taskId) });
    } catch (error) {
      request.log.error({ err: error, taskId }, 'import job not queued');
      await app.db.run(sql`UPDATE import_task SET status = 'failed', message = '后台任务未能启动，请稍后重试', finished_at = now() WHERE id = ${taskId}`);
      throw new ApiError(Code.unavailable, '后台任务未能启动，请稍后重试');
    }
    return ok({ taskId });
  });

  // -------------------------------------------------------------------- task, tasks, cancel
  serve(app, calls.importTaskStatus, IMPORT, async ({ taskId }, request) => ok(await taskAnswer(app.db, await findTask(request, taskId))));

  serve(app, calls.importTaskList, IMPORT, async ({ kind }, request) => {
    allowKind(request, kind);
    const ids = await app.db.rows<{ id: number }>(sql`SELECT t.id FROM import_task t WHERE ${inScope(request)} AND t.kind = ${kind} ORDER BY t.id DESC LIMIT 20`);
    const answers = [];
    for (const { id } of ids) answers.push(await taskAnswer(app.db, (await taskRow(app.db, id))!));
    return ok(answers);
  });

  serve(app, calls.importCancel, IMPORT, async ({ taskId }, request) => {
    const task = await findTask(request, taskId);
    await app.db.transaction(async (tx) => {
      // The running batch sees the status change at its checkpoint and rolls back; rows of earlier batches stay.
      const changed = await tx.run(sql`UPDATE import_task SET status = 'cancelled', finished_at = now() WHERE id = ${taskId} AND status IN ('queued', 'running')`);
      if (changed === 0) throw refuse.conflict('任务已结束，无法取消');
      await writeAudit(tx, {
        ...auditActor(request.auth, request.ip),
        action: 'import.cancel',
        targetType: 'import',
        targetId: taskId,
        targetName: `取消${calls.IMPORT_KIND_LABELS[task.kind]}导入：${task.file_name}`,
        detail: { processed: task.processed, total: task.total },
        storeIds: [task.store_id],
      });
    });
    return ok(await taskAnswer(app.db, (await taskRow(app.db, taskId))!));
  });

  // --------------------------------------------------------------------------------- report
  serve(app, calls.importReport, IMPORT, async ({ taskId }, request, reply) => {
    const task = await findTask(request, taskId);
    const name = task.file_name.replace(/\.(xlsx|csv|txt)$/i, '');
    return download(reply, `${name}-错误报告.xlsx`, reportXlsx(app.db, taskId, task.headers));
  });
}

function download(reply: FastifyReply, fileName: string, body: Buffer | NodeJS.ReadableStream) {
  reply.header('content-type', XLSX_TYPE);
  reply.header('content-disposition', `attachment; filename="import.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName)}`);
  reply.header('cache-control', 'no-store');
  return reply.send(body);
}
