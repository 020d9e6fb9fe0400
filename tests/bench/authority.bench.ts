/**
 * Issue 12 (settings centre, 权限管理): how long after an admin changes a role the affected user's
 * next request is judged by the new permissions. Each round the admin adds 客户导入 to a custom
 * role and takes it away again; the clock runs from sending the change until the holder's next
 * request to the import call answers as the change says (no waiting in between: it must be the
 * very next request, since the server forgets its cached auth rows at the change).
 */
import { Permission } from '../../contracts/permissions';
import { startTestServer } from '../support/server';
import { ms, percentile, table, writeSection } from './report';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);

const server = await startTestServer();
try {
  const admin = await server.loginToken('admin');
  const created = await server.call<{ id: number }>('POST', '/authority/role', {
    token: admin,
    body: { name: '基准角色', dataScope: 2, permissionIds: [Permission.smsMarketing] },
  });
  const roleId = created.data.id;
  const made = await server.call<{ oneTimePassword: string }>('POST', '/authority/staff', {
    token: admin,
    body: { username: 'bench-holder', nickName: '基准员工', roleIds: [roleId], storeIds: [2] },
  });
  const holder = await server.firstLogin('bench-holder', made.data.oneTimePassword);
  const importAllowed = async () => (await server.call('GET', '/client/import/task-config', { token: holder, query: { type: 'customer' } })).code === 0;

  const roleVersion = async () =>
    (await server.call<{ roles: { id: number; version: number }[] }>('GET', '/authority/staff', { token: admin })).data.roles.find((role) => role.id === roleId)!.version;

  const samples: number[] = [];
  let wrong = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    const grant = round % 2 === 0;
    const version = await roleVersion();
    const started = performance.now();
    await server.call('PUT', '/authority/role', {
      token: admin,
      body: { id: roleId, version, name: '基准角色', dataScope: 2, permissionIds: grant ? [Permission.smsMarketing, Permission.customerImport] : [Permission.smsMarketing] },
    });
    const allowed = await importAllowed();
    samples.push(performance.now() - started);
    if (allowed !== grant) wrong += 1;
  }

  writeSection(`## Role change → the holder's next request (issue 12)

An admin adds or removes 客户导入 on a custom role (PUT /api/authority/role), then the role's holder
calls the import route once; ${ROUNDS} rounds on PGlite, the time from sending the change to that
answer. The holder's very next request followed the change in ${ROUNDS - wrong} of ${ROUNDS} rounds
(the server forgets the chain's cached auth rows at the change; another process would within its 5 s cache).

${table(['rounds', 'p50', 'p95', 'max', 'next request followed the change'], [[ROUNDS, ms(percentile(samples, 50)), ms(percentile(samples, 95)), ms(Math.max(...samples)), `${ROUNDS - wrong} / ${ROUNDS}`]])}`);
} finally {
  await server.close();
}
