/**
 * The staff password policy, checked by the server on every new password and by the forms before
 * they send: 8–64 characters with letters and digits, not one of the passwords every guessing list
 * starts with, and not the login name. Long lists (zxcvbn's 400 KB) would land in every widget
 * bundle; these are the top of the leaked-password lists that pass the letters-and-digits rule,
 * plus the Chinese favourites (woaini, 5201314, pinyin), compared without case.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;

const COMMON_PASSWORDS = new Set(
  `password1 password12 password123 passw0rd p@ssw0rd p@ssword1 abc12345 abcd1234 abc123456 a1234567 a12345678
   a123456789 aa123456 aa12345678 1234abcd 12345abc 123456aa 123456abc 1q2w3e4r 1q2w3e4r5t 1qaz2wsx 2wsx3edc
   qwer1234 qwe12345 qwerty12 qwerty123 q1w2e3r4 zxcv1234 asdf1234 admin123 admin1234 admin888 admin@123
   root1234 test1234 test12345 user1234 welcome1 welcome123 letmein1 iloveyou1 iloveyou2 monkey123 dragon123
   baseball1 football1 sunshine1 princess1 trustno1 superman1 michael1 charlie1 computer1 master123 hello123
   woaini1314 woaini520 5201314a a5201314 woaini123 woaini1234 wang123456 zhang123 li123456 qq123456 qq5201314
   abc888888 a888888 a666666 a111111 aa888888 garage123 garage2026 china123 shanghai1 beijing1
   changeme1 default1 temp1234 guest123 pass1234 pass12345`.split(/\s+/),
);

/** The first problem of a new password, in Chinese, or null when it is acceptable. */
export function passwordProblem(password: string, username = ''): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `新密码至少 ${PASSWORD_MIN_LENGTH} 位`;
  if (password.length > PASSWORD_MAX_LENGTH) return `新密码不能超过 ${PASSWORD_MAX_LENGTH} 位`;
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) return '新密码需同时包含字母和数字';
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return '新密码过于常见，容易被猜中，请换一个';
  const name = username.trim().toLowerCase();
  if (name.length >= 3 && lower.includes(name)) return '新密码不能包含用户名';
  return null;
}

/** What the forms show under the field. */
export const PASSWORD_RULE_TEXT = `${PASSWORD_MIN_LENGTH}–${PASSWORD_MAX_LENGTH} 位，同时包含字母和数字，不能是常见密码或包含用户名`;


export interface PasswordFields {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export const emptyPasswordFields: PasswordFields = { oldPassword: '', newPassword: '', confirmPassword: '' };

/** A change-password form's problems by field, checked before sending (the server checks again). */
export function passwordFormProblems(fields: PasswordFields, username = ''): Partial<Record<keyof PasswordFields, string>> {
  const problems: Partial<Record<keyof PasswordFields, string>> = {};
  if (!fields.oldPassword) problems.oldPassword = '请输入原密码';
  const policy = fields.newPassword ? passwordProblem(fields.newPassword, username) : '请输入新密码';
  if (policy) problems.newPassword = policy;
  else if (fields.newPassword === fields.oldPassword) problems.newPassword = '新密码不能与原密码相同';
  if (fields.newPassword && fields.confirmPassword !== fields.newPassword) problems.confirmPassword = '两次输入的新密码不一致';
  return problems;
}
