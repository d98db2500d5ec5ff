import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { and, eq } from 'drizzle-orm';
import type { AppDatabase } from '../db/database';
import { users } from '../db/schema';

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

/**
 * True when a stored hash was made with other parameters than ARGON2_OPTIONS (or another algorithm):
 * the next sign-in, which has the password in hand, stores a fresh hash (ADR 0054).
 */
export function needsRehash(passwordHash: string): boolean {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(passwordHash);
  if (!match) return true;
  const [, memory, time, lanes] = match.map(Number);
  return (
    memory !== ARGON2_OPTIONS.memoryCost ||
    time !== ARGON2_OPTIONS.timeCost ||
    lanes !== ARGON2_OPTIONS.parallelism
  );
}

/**
 * After a right password: replaces a hash made with outdated parameters by one with today's. Only
 * the hash the password was checked against is replaced (a password changed meanwhile stays), and
 * the token version does not move: nobody is signed out by it.
 */
export async function rehashIfOutdated(
  db: AppDatabase,
  user: { id: number; passwordHash: string },
  password: string,
): Promise<boolean> {
  if (!needsRehash(user.passwordHash)) return false;
  const fresh = await hashPassword(password);
  const updated = await db
    .update(users)
    .set({ passwordHash: fresh })
    .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)))
    .returning({ id: users.id });
  return updated.length > 0;
}
