/**
 * The contact sync survives kill -9: a real server process syncs from a slow local WeCom peer, is
 * killed with SIGKILL in the middle, started again on the same data folder, and the durable job
 * finishes from its checkpoint — every contact absorbed once (one lead each, exact counts), and
 * the contacts done before the kill not fetched again.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { AnswerOf } from '../../../contracts/api/route';
import type { getSync } from '../../../contracts/api/wecom';
import type { potentialList } from '../../../contracts/api/potential';
import { DEMO_PASSWORD, seededDataDir } from '../../../tests/support/server';
import { startChildServer, type ChildServer } from '../../../tests/support/child-server';
import { startWecomPeer, type PeerContact, type WecomPeer } from '../../../tests/support/wecom-peer';
import { POLL_FAST, POLL_SERVER } from '../../../tests/support/waits';

let dataDir = '';
let running: ChildServer | undefined;
let peer: WecomPeer | undefined;
afterAll(async () => {
  running?.process.kill('SIGKILL');
  await peer?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const STAFF = ['AnTuLi', 'AnTuWang', 'AnTuChen'];
const PER_USER = 20;

describe('kill -9 in the middle of a contact sync', () => {
  it('resumes from its checkpoint and absorbs every contact exactly once', { timeout: 300_000 }, async () => {
    dataDir = await seededDataDir();
    const contacts: PeerContact[] = STAFF.flatMap((userid, userIndex) =>
      Array.from({ length: PER_USER }, (_, index) => {
        const serial = userIndex * PER_USER + index;
        return {
          external_userid: `wmResume${String(serial).padStart(3, '0')}`,
          name: `同步客户${serial}`,
          // Every fifth has no remark mobile; the others numbers nobody in the seed has (199 0001 xxxx).
          follow_user: [{ userid, remark_mobiles: serial % 5 === 0 ? [] : [`1990001${String(serial).padStart(4, '0')}`] }],
        };
      }),
    );
    peer = await startWecomPeer({ corpId: 'wwantu0000demo01', secret: 'peer-secret', contacts, delayMs: 60 });
    const env = { WECOM_CORP_ID: 'wwantu0000demo01', WECOM_SECRET: 'peer-secret', WECOM_AGENT_ID: '1000002', WECOM_API_URL: peer.url };
    const login = async (child: ChildServer) => (await child.call('POST', '/user/username-token', undefined, { username: 'admin', password: DEMO_PASSWORD })).token!;

    running = await startChildServer({ dataDir, env });
    let token = await login(running);
    const started = await running.call<AnswerOf<typeof getSync>>('POST', '/wecom-contact/sync', token, { full: false });
    expect(started.code, started.msg).toBe(0);
    expect(started.data.state).toBe('running');

    const gets = () => peer!.hits['externalcontact/get'] ?? 0;
    await expect.poll(gets, { ...POLL_FAST, interval: 10 }).toBeGreaterThanOrEqual(25);
    await running.stop('SIGKILL');
    const atKill = gets();
    expect(atKill).toBeLessThan(contacts.length);

    running = await startChildServer({ dataDir, env });
    token = await login(running);
    // The durable job resumes once pg-boss sees the killed one's heartbeat stop (seconds).
    const child = running;
    const status = await vi.waitFor(async () => {
      const now = (await child.call<AnswerOf<typeof getSync>>('GET', '/wecom-contact/sync', token)).data;
      expect(now.state).not.toBe('running');
      return now;
    }, { ...POLL_SERVER, timeout: 240_000 });
    expect(status).toMatchObject({ state: 'done', usersDone: 3, usersTotal: 3, contactsSeen: contacts.length, linked: 0, newLeads: contacts.length, error: '' });

    // One lead per contact, none twice.
    const leads = await running.call<AnswerOf<typeof potentialList>>('GET', `/potential/list?source=${encodeURIComponent('企业微信')}&pageSize=100`, token);
    expect(leads.code, leads.msg).toBe(0);
    expect(leads.data.total).toBe(contacts.length);
    expect(new Set(leads.data.rows.map((row) => row.name)).size).toBe(contacts.length);

    // Resumed, not restarted: only the contact in flight at the kill may have been fetched twice.
    expect(gets()).toBeLessThanOrEqual(contacts.length + 1);
    await running.stop();
    running = undefined;
  });
});
