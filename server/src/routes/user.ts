/** The signed-in user: admin check, info, password, chosen stores. */
import type { FastifyInstance } from 'fastify';
import { issueToken } from '../plugins/auth';
import { hashPassword, passwordProblem, verifyPassword } from '../auth/passwords';
import { ApiError, Code, ok } from '../http/envelope';
import { idList, readInput, z } from '../http/input';
import { passwordHashOf, setSelectedStores, updatePassword } from '../repositories/accounts';
import { lockedForSeconds, recordFailure } from '../repositories/login';

export default async function userRoutes(app: FastifyInstance) {
  app.get('/user/isAdmin', async (request) => ok(request.auth.isAdmin));

  // Answered from the request's auth context: no query beyond the one the token check made.
  app.get('/user/info', async (request) => {
    const auth = request.auth;
    return ok({
      userId: auth.userId,
      username: auth.username,
      nickName: auth.nickName,
      phone: auth.phone,
      wechatUserId: auth.wechatUserId,
      garageId: auth.garage.id,
      garageInfo: { id: auth.garage.id, corpId: auth.garage.corpId, name: auth.garage.name, isHq: auth.garage.isHq },
      storeIds: auth.selectedStoreIds.join(','),
      ownStoreIds: auth.accessibleStoreIds.join(','),
      isAdmin: auth.isAdmin,
      dataScope: auth.dataScope,
      roles: auth.roles,
    });
  });

  app.post('/user/pwd/update', async (request, reply) => {
    const input = readInput(request, z.object({ oldPassword: z.string({ error: '请输入原密码' }).min(1, '请输入原密码').max(128, '原密码不正确'), newPassword: z.string({ error: '请输入新密码' }).max(128, '新密码不能超过 64 位') }));
    const problem = passwordProblem(input.newPassword);
    if (problem) throw new ApiError(Code.badInput, problem);
    if (input.newPassword === input.oldPassword) throw new ApiError(Code.badInput, '新密码不能与原密码相同');
    // A stolen session must not be able to guess the password: same throttle as login.
    const keys = [`user:${request.auth.username.toLowerCase()}`];
    const wait = await lockedForSeconds(app.db, keys);
    if (wait > 0) throw new ApiError(Code.tooMany, `原密码错误次数过多，请 ${Math.ceil(wait / 60)} 分钟后再试`);
    const current = await passwordHashOf(app.db, request.auth.userId);
    if (!(await verifyPassword(current?.password_hash, input.oldPassword))) {
      await recordFailure(app.db, keys);
      throw new ApiError(Code.wrongCredentials, '原密码不正确');
    }
    const version = await updatePassword(app.db, request.auth.userId, await hashPassword(input.newPassword));
    // Every older token (other devices too) is now revoked; this device continues with a new one.
    issueToken(app, reply, { id: request.auth.userId, token_version: version });
    return ok(null);
  });

  app.put('/user/store-ids', async (request) => {
    const { storeIds } = readInput(request, z.object({ storeIds: idList.optional() }), { storeIds: '门店' });
    const chosen = storeIds ?? [];
    const outside = chosen.filter((id) => !request.scope.canSeeStore(id));
    if (outside.length > 0) throw new ApiError(Code.forbidden, '无权查看所选门店');
    await setSelectedStores(app.db, request.auth.userId, chosen);
    const effective = chosen.length > 0 ? chosen : request.auth.visibleStoreIds;
    return ok({ storeIds: effective.join(',') });
  });
}
