/**
 * The sync of a chain's external contacts, a durable job (jobs/queue.ts): the follow users
 * (externalcontact/get_follow_user_list), each one's contacts (externalcontact/list), and each new
 * contact's detail (externalcontact/get), absorbed one transaction per contact (repositories/wecom.ts:
 * linked to a customer by remark mobile, else made a potential customer).
 *
 * Incremental: contacts already stored are not fetched again (a full sync re-reads them all).
 * Resumable: `users_done` is the checkpoint, and inside a user a contact stored during this run is
 * skipped, so a process killed in the middle resumes where it stopped, and counts stay exact (they
 * are bumped in the contact's own transaction).
 */
import { sql, type Database } from '../db/database';
import { ApiError } from '../http/envelope';
import { JobStopped, type JobContext } from '../jobs/queue';
import type { WecomProvider } from '../providers/wecom';
import * as repo from '../repositories/wecom';

export const WECOM_SYNC_JOB = 'wecom-sync';

const FAILED = '同步失败，请稍后重试';

export async function runWecomSync(
  db: Database,
  provider: WecomProvider,
  chainId: number,
  run: number,
  job: JobContext,
  log: { error(obj: unknown, msg?: string): void },
): Promise<void> {
  const state = await repo.syncOf(db, chainId);
  if (!state || state.state !== 'running' || state.run !== run) return;
  const chain = await db.one<{ corpId: string }>(sql`SELECT corp_id AS "corpId" FROM chain WHERE id = ${chainId}`);
  const corpId = chain?.corpId ?? '';
  const stop = () => {
    if (job.stopping()) throw new JobStopped();
  };
  try {
    let users = state.users;
    if (users.length === 0) {
      users = await provider.followUsers(corpId);
      await repo.updateSync(db, chainId, run, sql`users = ${sql.param(users)}::text[]`);
    }
    for (let index = state.usersDone; index < users.length; index += 1) {
      stop();
      const ids = await provider.externalContactIds(corpId, users[index]);
      // Skipped: contacts stored during this run (a resumed run), and in an incremental run every stored one.
      const skip = new Set(
        (
          await db.rows<{ id: string }>(sql`
            SELECT w.external_userid AS id FROM wecom_contact w JOIN wecom_sync s ON s.chain_id = w.chain_id
             WHERE w.chain_id = ${chainId} AND w.external_userid = ANY(${sql.param(ids)}::text[])
               AND (NOT s.full_sync OR w.synced_at >= s.started_at)`)
        ).map((row) => row.id),
      );
      for (const externalUserId of ids) {
        if (skip.has(externalUserId)) continue;
        stop();
        const detail = await provider.externalContact(corpId, externalUserId);
        if (!detail) continue;
        await db.transaction(async (tx) => {
          const result = await repo.absorbContact(tx, chainId, detail);
          await repo.updateSync(tx, chainId, run, sql`contacts_seen = contacts_seen + 1, linked = linked + ${result.linked ? 1 : 0}, new_leads = new_leads + ${result.newLead ? 1 : 0}`);
        });
      }
      await repo.updateSync(db, chainId, run, sql`users_done = ${index + 1}`);
    }
    await repo.updateSync(db, chainId, run, sql`state = 'done', finished_at = now()`);
  } catch (error) {
    if (error instanceof JobStopped) throw error;
    if (!(error instanceof ApiError)) log.error({ err: error, chainId }, 'wecom sync failed');
    await repo.updateSync(db, chainId, run, sql`state = 'failed', finished_at = now(), error = ${error instanceof ApiError ? error.msg : FAILED}`);
  }
}
