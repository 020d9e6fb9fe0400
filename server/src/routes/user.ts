/** The signed-in user: admin check, info, password, chosen stores. */
import type { FastifyInstance } from 'fastify';
import { issueToken } from '../plugins/auth';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { passwordProblem } from '../../../contracts/rules/password';
import { ApiError, Code, ok } from '../http/envelope';
import { serve } from '../http/contract';
import * as calls from '../../../contracts/api/account';
import { passwordHashOf, setSelectedStores, updatePassword } from '../repositories/accounts';
import { throttled } from '../auth/throttle';

export default async function userRoutes(app: FastifyInstance) {
  serve(app, calls.isAdmin, (_input, request) => ok(request.auth.isAdmin));

  // Answered from the request's auth context: no query beyond the one the token check made.
  const beforePasswordChange = { config: { oneTimePassword: true } };

  serve(app, calls.userInfo, beforePasswordChange, (_input, request) => {
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
      mustChangePassword: auth.mustChangePassword,
    });
  });

  serve(app, calls.updatePassword, beforePasswordChange, async (input, request, reply) => {
    const problem = passwordProblem(input.newPassword, request.auth.username);
    if (problem) throw new ApiError(Code.badInput, problem);
    if (input.newPassword === input.oldPassword) throw new ApiError(Code.badInput, '新密码不能与原密码相同');
    // A stolen session must not be able to guess the password. Its own key: a lock here stops
    // password changes of this user only, never anybody's login.
    const limits = [{ key: `password-change:${request.auth.userId}`, max: 5 }];
    await throttled(app.db, limits, (wait) => `原密码错误次数过多，请 ${wait}后再试`, async () => {
      const current = await passwordHashOf(app.db, request.auth.userId);
      if (!(await verifyPassword(current?.password_hash, input.oldPassword))) throw new ApiError(Code.wrongCredentials, '原密码不正确');
    });
    const version = await updatePassword(app.db, request.auth.userId, await hashPassword(input.newPassword));
    // Every older token (other devices too) is now revoked; this device continues with a new one.
    issueToken(app, reply, { id: request.auth.userId, token_version: version });
    return ok(null);
  });

  serve(app, calls.setStoreIds, async ({ storeIds }, request) => {
    const chosen = storeIds ?? [];
    const outside = chosen.filter((id) => !request.scope.canSeeStore(id));
    if (outside.length > 0) throw new ApiError(Code.forbidden, '无权查看所选门店');
    await setSelectedStores(app.db, request.auth.userId, chosen);
    const effective = chosen.length > 0 ? chosen : request.auth.visibleStoreIds;
    return ok({ storeIds: effective.join(',') });
  });
}
