/**
 * Envelope codes both sides act on besides 0, 999 and -2 (docs/ARCHITECTURE.md, "Envelope").
 * zod-free and tiny: the widgets' core imports it.
 */

/**
 * An admin's one-time password is still in use: until it is changed only changing it, signing out
 * and /user/info answer. The client then asks for a new password instead of showing the refusal.
 */
export const ONE_TIME_PASSWORD_CODE = 428;
export const ONE_TIME_PASSWORD_MESSAGE = '您正在使用管理员设置的一次性密码，请先修改为自己的密码';
