/** Logins, the signed-in user, permissions and roles (spec sections 3, 6 and 7). */
import { z } from 'zod';
import { apiCalls } from './route';
import { idList, mobile, requiredText } from '../fields';

const call = apiCalls('登录与账号');

const loginAnswer = z.object({ userId: z.number(), nickName: z.string(), garageId: z.number(), garageName: z.string() });
const role = z.object({ code: z.string(), name: z.string(), dataScope: z.union([z.literal(1), z.literal(2)]) });

export const usernameLogin = call({
  method: 'POST',
  path: '/user/username-token',
  summary: '用户名密码登录；令牌在应答头 token 中',
  input: z.object({ username: requiredText('用户名', { max: 64 }), password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(128, '密码不能超过 128 位') }),
  answer: loginAnswer,
});

export const phoneCode = call({
  method: 'POST',
  path: '/user/phone-code',
  summary: '发送手机登录验证码（每个号码 60 秒一次）',
  input: z.object({ phone: mobile('手机号') }),
  answer: z.object({ cooldownSeconds: z.number(), validMinutes: z.number() }),
});

export const phoneLogin = call({
  method: 'POST',
  path: '/user/phone-token',
  summary: '手机验证码登录',
  input: z.object({ phone: mobile('手机号'), code: z.string({ error: '请输入 6 位数字验证码' }).trim().regex(/^\d{6}$/, '请输入 6 位数字验证码') }),
  answer: loginAnswer,
});

const wecomInput = z.object({ code: requiredText('企业微信授权码', { max: 512 }) });
export const wecomLogin = call({ method: 'GET', path: '/qy/qy-login', summary: '企业微信 OAuth 授权码登录', input: wecomInput, answer: loginAnswer });
export const wecomLoginPost = call({ method: 'POST', path: '/qy/qy-login', summary: '企业微信 OAuth 授权码登录（POST）', input: wecomInput, answer: loginAnswer });

export const logout = call({ method: 'POST', path: '/user/logout', summary: '退出登录（仅本令牌失效）', answer: z.null() });

export const isAdmin = call({ method: 'GET', path: '/user/isAdmin', summary: '当前用户是否管理员', answer: z.boolean() });

export const userInfo = call({
  method: 'GET',
  path: '/user/info',
  summary: '当前用户信息',
  answer: z.object({
    userId: z.number(),
    username: z.string(),
    nickName: z.string(),
    phone: z.string(),
    wechatUserId: z.string(),
    garageId: z.number(),
    garageInfo: z.object({ id: z.number(), corpId: z.string(), name: z.string(), isHq: z.boolean() }),
    storeIds: z.string(),
    ownStoreIds: z.string(),
    isAdmin: z.boolean(),
    dataScope: z.union([z.literal(1), z.literal(2)]),
    roles: z.array(role),
    /** A one-time password from an admin is in use: the app asks for a new one. */
    mustChangePassword: z.boolean(),
  }),
});

export const updatePassword = call({
  method: 'POST',
  path: '/user/pwd/update',
  summary: '修改密码；其他设备上的登录全部失效，本设备在应答头 token 中得到新令牌',
  input: z.object({
    oldPassword: z.string({ error: '请输入原密码' }).min(1, '请输入原密码').max(128, '原密码不正确'),
    newPassword: z.string({ error: '请输入新密码' }).min(1, '请输入新密码').max(128, '新密码不能超过 64 位'),
  }),
  answer: z.null(),
});

export const setStoreIds = call({
  method: 'PUT',
  path: '/user/store-ids',
  summary: '选择要查看的门店（空 = 全部可见门店）',
  input: z.object({ storeIds: idList('门店', { max: 500 }).optional() }),
  answer: z.object({ storeIds: z.string() }),
});

export const userPermissions = call({ method: 'GET', path: '/sys/permission/user', summary: '当前用户的权限编号（-1 = 全部）', answer: z.array(z.number()) });
export const userRoles = call({ method: 'GET', path: '/sys/role/user', summary: '当前用户的角色', answer: z.array(role) });

