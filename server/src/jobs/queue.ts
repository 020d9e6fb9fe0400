/**
 * Durable background jobs on the app's own database (pg-boss 12, schema job_queue): the batch
 * import (issue 13) and SMS campaigns (issue 15) run here.
 *
 *   app.jobs.work('import', async (data, job) => { … if (job.stopping()) throw … });   // at plugin load
 *   await app.jobs.send('import', { taskId }, { id: jobIdFor('import', taskId) });
 *
 * pg-boss on PGlite (the same embedded instance, fromPglite) or on PostgreSQL (its own small pool
 * on DATABASE_URL; several server processes then share the queue and each job runs once).
 *
 * Lazy: installing pg-boss's schema costs ~3 s on a fresh database and tests start many fresh
 * servers, so the queue starts on the first send, or at server start only when a feature says it
 * has work left over (startIfPending). A job whose process died (kill -9) stops sending heartbeats;
 * pg-boss fails it after HEARTBEAT_SECONDS and retries it, on this or another process, and the
 * handler resumes from its own checkpoint (import_task.processed).
 */
import type { PgBoss } from 'pg-boss';
import type { Database } from '../db/database';

/** A job without a heartbeat for this long is considered dead and retried (pg-boss minimum is 10). */
const HEARTBEAT_SECONDS = 10;
/** How often dead jobs are looked for: a killed job resumes within about heartbeat + this + polling. */
const SUPERVISE_SECONDS = 5;
/** Retries cover crashes and restarts, not bugs: a handler records its own failures and returns. */
const RETRY_LIMIT = 20;
/** A long import (100k rows on a slow disk) must not be expired by pg-boss's 15-minute default. */
const EXPIRE_SECONDS = 6 * 60 * 60;

export interface JobContext {
  /** The server is shutting down: stop at the next safe point and throw, the job is retried later. */
  stopping(): boolean;
}

export type JobHandler<T> = (data: T, job: JobContext) => Promise<void>;

export interface Jobs {
  /** Registers the handler of a queue; workers run once the queue has started, `concurrency` jobs at once in this process (default 1). */
  work<T extends object>(name: string, handler: JobHandler<T>, options?: { concurrency?: number }): void;
  /** Queues a job (starting the queue if needed). A job with an `id` that already exists is not queued twice. */
  send(name: string, data: object, options?: { id?: string }): Promise<void>;
  /** Starts the queue and its workers (idempotent). */
  start(): Promise<void>;
  /** Starts the queue in the background when `pending` answers true (work left by a previous process). */
  startIfPending(pending: () => Promise<boolean>): void;
  /** Whether the queue runs in this process. */
  readonly started: boolean;
  /** Asks handlers to stop, waits for them, then stops pg-boss. */
  stop(): Promise<void>;
}

/** The server is stopping: the job goes back to the queue and is resumed by the next process. */
export class JobStopped extends Error {
  constructor() {
    super('server stopping; job will be retried');
  }
}

/** A stable job id (uuid) for one thing to do, so sending it twice (e.g. after a restart) queues it once. */
export function jobIdFor(name: string, key: number): string {
  const prefix = [...name].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) >>> 0, 7).toString(16).padStart(8, '0').slice(0, 8);
  return `${prefix}-0000-4000-8000-${key.toString(16).padStart(12, '0')}`;
}

export function createJobs(db: Database, log: { error(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void }): Jobs {
  const handlers = new Map<string, { handler: JobHandler<object>; concurrency: number }>();
  let boss: PgBoss | undefined;
  /** This process's worker of each queue: woken by a send here instead of waiting for its next poll (up to a second). */
  const workers = new Map<string, string>();
  let starting: Promise<void> | undefined;
  let stopping = false;
  const context: JobContext = { stopping: () => stopping };

  async function boot(): Promise<void> {
    // Loaded with the queue's first use, not with the server (~0.2 s of every start).
    const { PgBoss, fromPglite } = await import('pg-boss');
    const maintenance = {
      schema: 'job_queue',
      superviseIntervalSeconds: SUPERVISE_SECONDS,
      schedule: false,
      monitorIntervalSeconds: 60,
    };
    const instance = db.pglite
      ? new PgBoss({ db: fromPglite(db.pglite), backend: 'pglite', ...maintenance })
      : new PgBoss({ connectionString: db.url!, max: 4, ...maintenance });
    instance.on('error', (error) => log.error({ err: error }, 'job queue error'));
    await instance.start();
    for (const [name, { handler, concurrency }] of handlers) {
      await instance.createQueue(name, { heartbeatSeconds: HEARTBEAT_SECONDS, retryLimit: RETRY_LIMIT, retryDelay: 1, expireInSeconds: EXPIRE_SECONDS });
      const worker = await instance.work<object>(name, { pollingIntervalSeconds: 1, batchSize: 1, localConcurrency: concurrency }, async (jobs) => {
        for (const job of jobs) await handler(job.data, context);
      });
      workers.set(name, worker);
    }
    boss = instance;
  }

  const jobs: Jobs = {
    work(name, handler, options = {}) {
      if (boss || starting) throw new Error(`jobs.work('${name}') after the queue started`);
      handlers.set(name, { handler: handler as JobHandler<object>, concurrency: options.concurrency ?? 1 });
    },
    async send(name, data, options = {}) {
      if (!handlers.has(name)) throw new Error(`no worker for job '${name}'`);
      await jobs.start();
      await boss!.send(name, data, options.id ? { id: options.id } : {});
      const worker = workers.get(name);
      if (worker) boss!.notifyWorker(worker);
    },
    start() {
      if (stopping) return Promise.reject(new Error('job queue stopping'));
      starting ??= boot().catch((error) => {
        starting = undefined;
        throw error;
      });
      return starting;
    },
    startIfPending(pending) {
      void pending()
        .then((yes) => (yes ? jobs.start() : undefined))
        .catch((error) => log.error({ err: error }, 'job queue did not start'));
    },
    get started() {
      return boss !== undefined;
    },
    async stop() {
      stopping = true;
      try {
        await starting;
      } catch {
        // never started
      }
      if (!boss) return;
      // Handlers see stopping() between batches and throw; graceful waits for them to do so.
      await boss.stop({ graceful: true, timeout: 20_000, close: true });
      boss = undefined;
    },
  };
  return jobs;
}
