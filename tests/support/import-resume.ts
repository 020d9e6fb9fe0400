/**
 * The kill -9 journey of the durable import (customer and policy imports alike): a real server process
 * on `dataDir` gets the file as 店长, is killed with SIGKILL once `killAfter` rows are in, is started
 * again on the same folder, and the task is followed until it ends.
 */
import { expect } from 'vitest';
import type { ImportTask } from '../../contracts/api/import';
import { DEMO_PASSWORD } from './server';
import { startChildServer, type ChildServer } from './child-server';
import { upload } from './import-files';

const login = async (child: ChildServer) => (await child.call('POST', '/user/username-token', undefined, { username: 'manager', password: DEMO_PASSWORD })).token!;
const task = async (child: ChildServer, token: string, taskId: number) => (await child.call<ImportTask>('GET', `/client/import/task?taskId=${taskId}`, token)).data;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Answers the task as it was just before the kill and as it ended. `track` is told which child is
 * running (undefined once stopped), so the test's afterAll can kill it when an expectation fails.
 */
export async function importKilledMidway(
  dataDir: string,
  file: { name: string; bytes: Buffer },
  options: { killAfter: number; kind?: string; track(child: ChildServer | undefined): void },
): Promise<{ before: ImportTask; after: ImportTask }> {
  let running = await startChildServer({ dataDir });
  options.track(running);
  let token = await login(running);
  const started = await upload<{ taskId: number }>(running, '/client/import', token, file, options.kind ? { kind: options.kind } : undefined);
  expect(started.code, started.msg).toBe(0);
  const taskId = started.data.taskId;

  let before: ImportTask;
  for (;;) {
    before = await task(running, token, taskId);
    if (before.processed >= options.killAfter) break;
    expect(before.status).not.toBe('failed');
    await pause(50);
  }
  await running.stop('SIGKILL');

  running = await startChildServer({ dataDir });
  options.track(running);
  token = await login(running);
  let after: ImportTask;
  for (;;) {
    after = await task(running, token, taskId);
    if (after.status !== 'queued' && after.status !== 'running') break;
    await pause(500);
  }
  await running.stop();
  options.track(undefined);
  return { before, after };
}
