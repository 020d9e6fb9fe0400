import { passwordProblem } from '../../../contracts/rules/password';
import { messages } from '../messages';

const text = messages.password;

export interface PasswordFields {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export const emptyPasswordFields: PasswordFields = { oldPassword: '', newPassword: '', confirmPassword: '' };

/** The server's password policy (contracts/rules/password.ts), checked before sending. */
export function validatePassword(fields: PasswordFields, username = ''): Partial<Record<keyof PasswordFields, string>> {
  const errors: Partial<Record<keyof PasswordFields, string>> = {};
  if (!fields.oldPassword) errors.oldPassword = text.requiredOld;
  if (!fields.newPassword) errors.newPassword = text.requiredNew;
  else if (passwordProblem(fields.newPassword, username)) errors.newPassword = passwordProblem(fields.newPassword, username)!;
  else if (fields.newPassword === fields.oldPassword) errors.newPassword = text.sameAsOld;
  if (fields.newPassword && fields.confirmPassword !== fields.newPassword) errors.confirmPassword = text.mismatch;
  return errors;
}

