/**
 * argon2id password hashes (argon2id is the library's default algorithm; OWASP's minimum
 * parameters: 19 MiB, 2 passes, 1 lane).
 */
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// Checked against when the account does not exist, so a wrong username costs the same time as a
// wrong password and does not reveal which accounts exist.
let decoy: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  const target = storedHash ?? (await (decoy ??= hashPassword('decoy-password-never-matches')));
  try {
    const matches = await verify(target, password);
    return storedHash !== undefined && matches;
  } catch {
    return false;
  }
}
