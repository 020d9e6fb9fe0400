import { messages } from '../messages';

const text = messages.password;

export interface PasswordFields {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export const emptyPasswordFields: PasswordFields = { oldPassword: '', newPassword: '', confirmPassword: '' };

/** Same rule as the server's password schema: 8–64 characters with letters and digits. */
export function validatePassword(fields: PasswordFields): Partial<Record<keyof PasswordFields, string>> {
  const errors: Partial<Record<keyof PasswordFields, string>> = {};
  if (!fields.oldPassword) errors.oldPassword = text.requiredOld;
  if (!fields.newPassword) errors.newPassword = text.requiredNew;
  else if (fields.newPassword.length < 8 || fields.newPassword.length > 64 || !/[A-Za-z]/.test(fields.newPassword) || !/\d/.test(fields.newPassword)) {
    errors.newPassword = text.tooWeak;
  } else if (fields.newPassword === fields.oldPassword) errors.newPassword = text.sameAsOld;
  if (fields.newPassword && fields.confirmPassword !== fields.newPassword) errors.confirmPassword = text.mismatch;
  return errors;
}

