import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with the OWASP Password Storage Cheat Sheet's first configuration: 19 MiB of memory,
 * 2 passes, 1 lane (~10 ms on one core). The parameters travel inside each hash, so raising them
 * later keeps old hashes verifiable.
 */
export const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** The PHC string of `password` (`$argon2id$v=19$m=19456,t=2,p=1$…`). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** True when `password` matches `passwordHash`; false (never a throw) for a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a random password nobody knows. Sign-in verifies against it when the email is unknown
 * or the account inactive, so those answers take as long as a wrong password.
 */
export function makeDummyHash(): Promise<string> {
  return hashPassword(randomBytes(32).toString('base64url'));
}
