/**
 * The login calls (spec section 7: /user/username-token, /user/phone-token, /qy/qy-login). The
 * token comes from the response header `token`, the user from the envelope's data.
 */
import { http } from '../core/base';
import { messages } from './messages';

export interface LoginUser {
  userId?: string | number;
  nickName?: string;
  garageId?: string | number;
}

export interface LoginResult {
  token: string;
  user: LoginUser;
}

type Answer = Awaited<ReturnType<typeof http.main.request<Record<string, unknown> | null>>>;

function toResult(answer: Answer): LoginResult {
  const token = answer.headers.get('token') ?? '';
  if (!token) throw new Error(messages.noToken);
  const data = answer.data ?? {};
  const pick = (...keys: string[]) => keys.map((key) => data[key]).find((value) => typeof value === 'string' || typeof value === 'number') as string | number | undefined;
  return {
    token,
    user: {
      userId: pick('userId', 'id'),
      nickName: pick('nickName', 'nickname', 'name') as string | undefined,
      garageId: pick('garageId'),
    },
  };
}

// Errors are shown inside the form, so the core's toast would only repeat them.
export const loginApi = {
  password: async (username: string, password: string) =>
    toResult(await http.main.request({ method: 'post', path: '/user/username-token', body: { username, password }, silent: true })),
  phone: async (phone: string, code: string) =>
    toResult(await http.main.request({ method: 'post', path: '/user/phone-token', body: { phone, code }, silent: true })),
  wecom: async (code: string) =>
    toResult(await http.wecom.request({ method: 'get', path: '/qy/qy-login', params: { code }, silent: true })),
  requestCode: (phone: string) => http.main.post<unknown>('/user/phone-code', { phone }, { silent: true }),
  /** Answers the new token: the change revoked every older one, this session's too. */
  changePassword: async (oldPassword: string, newPassword: string) =>
    toResult(await http.main.request({ method: 'post', path: '/user/pwd/update', body: { oldPassword, newPassword }, silent: true })).token,
};
