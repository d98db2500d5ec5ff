/**
 * The TOTP second factor (RFC 6238, through the otpauth library; ADR 0054). Six digits, 30-second
 * steps, SHA-1 (what every authenticator app reads from a QR code), one step of drift either way.
 * A code is accepted once: the step of the last accepted code is kept and a code of that step or an
 * earlier one is refused, in the statement that records it (two sign-ins racing with one code: one
 * wins). Ten recovery codes, each usable once, kept as sha256 hashes. The shared secret is kept
 * sealed (AES-256-GCM under a key derived from HELPDESK_SECRET), so a copy of the database alone
 * does not give the codes. Every time is the api clock's.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { and, count, eq, isNull, lt } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { RECOVERY_CODE_COUNT, type Role, roleSchema } from 'shared-contracts/contracts';
import { z } from 'zod';
import type { AppDatabase } from '../db/database';
import { appMeta, mfaRecoveryCodes, userMfa } from '../db/schema';
import { conflict, HttpError } from '../httpError';

const ISSUER = 'Help Desk';
const PERIOD_SECONDS = 30;
/** How long the challenge of a password that was right stays good for the code. */
export const CHALLENGE_SECONDS = 5 * 60;
const POLICY_KEY = 'mfa_required_roles';
/** Until an admin chooses: the roles that see every city and every account. */
export const DEFAULT_MFA_ROLES: readonly Role[] = ['admin', 'credaipresident'];
/** Recovery codes read like `k7m2p-x9q4t` (no 0/1/8/9 look-alikes of letters). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz234567';

/** Seals and opens TOTP secrets with a key derived from the api's secret. */
export class SecretSealer {
  private readonly key: Buffer;
  constructor(apiSecret: string, purpose = 'totp secret') {
    this.key = Buffer.from(hkdfSync('sha256', apiSecret, 'helpdesk', purpose, 32));
  }
  seal(base32: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }
  open(sealed: string): string {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}

function totpOf(base32: string, label: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(base32),
  });
}

/** The time step a six-digit code belongs to, or undefined when it is not one of now ±1 step. */
function stepOf(base32: string, code: string, now: Date): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totpOf(base32, '').validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return undefined;
  return Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

/** A code as typed, without spaces or dashes, lowercase. */
function normalised(code: string): string {
  return code.replace(/[\s-]/g, '').toLowerCase();
}

const hashOf = (code: string) => createHash('sha256').update(normalised(code)).digest('base64url');

function newRecoveryCode(): string {
  const pick = () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  const half = () => Array.from({ length: 5 }, pick).join('');
  return `${half()}-${half()}`;
}

export interface MfaState {
  enrolled: boolean;
  recoveryCodesLeft: number;
}

export class MfaService {
  constructor(
    private readonly db: AppDatabase,
    private readonly sealer: SecretSealer,
  ) {}

  async state(userId: number): Promise<MfaState> {
    const [row] = await this.db
      .select({ confirmedAt: userMfa.confirmedAt })
      .from(userMfa)
      .where(eq(userMfa.userId, userId));
    const [left] = await this.db
      .select({ n: count() })
      .from(mfaRecoveryCodes)
      .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
    return { enrolled: Boolean(row?.confirmedAt), recoveryCodesLeft: Number(left?.n ?? 0) };
  }

  /** A new secret for the user (replacing one not yet confirmed); 409 once enrolled. */
  async enroll(userId: number, email: string, now: Date): Promise<{ otpauthUrl: string; secret: string }> {
    if ((await this.state(userId)).enrolled) {
      throw conflict('A second factor is already set up: ask an admin to reset it first', 'mfa');
    }
    const secret = new Secret({ size: 20 }).base32;
    const row = { secretSealed: this.sealer.seal(secret), confirmedAt: null, lastStep: 0, createdAt: now };
    await this.db
      .insert(userMfa)
      .values({ userId, ...row })
      .onConflictDoUpdate({ target: userMfa.userId, set: row });
    return { otpauthUrl: totpOf(secret, email).toString(), secret };
  }

  /** Confirms the pending secret with a first code: the recovery codes, shown once. */
  async confirm(userId: number, code: string, now: Date): Promise<string[]> {
    const [row] = await this.db.select().from(userMfa).where(eq(userMfa.userId, userId));
    if (!row) throw new HttpError(409, 'Start the set-up first', [{ path: 'mfa', message: 'Not started' }]);
    if (row.confirmedAt) throw conflict('A second factor is already set up', 'mfa');
    const step = stepOf(this.sealer.open(row.secretSealed), normalised(code), now);
    if (step === undefined) throw wrongCode();
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.db.transaction(async (tx) => {
      // The confirming code is spent: it cannot also sign in.
      await tx.update(userMfa).set({ confirmedAt: now, lastStep: step }).where(eq(userMfa.userId, userId));
      await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
      await tx.insert(mfaRecoveryCodes).values(codes.map((value) => ({ userId, codeHash: hashOf(value) })));
    });
    return codes;
  }

  /** True when the code is a fresh TOTP code or an unused recovery code of the user (then spent). */
  async verify(userId: number, code: string, now: Date): Promise<boolean> {
    const [row] = await this.db.select().from(userMfa).where(eq(userMfa.userId, userId));
    if (!row?.confirmedAt) return false;
    const typed = normalised(code);
    const step = stepOf(this.sealer.open(row.secretSealed), typed, now);
    if (step !== undefined) {
      const taken = await this.db
        .update(userMfa)
        .set({ lastStep: step })
        .where(and(eq(userMfa.userId, userId), lt(userMfa.lastStep, step)))
        .returning({ userId: userMfa.userId });
      return taken.length > 0;
    }
    if (!/^[a-z2-7]{10}$/.test(typed)) return false;
    const spent = await this.db
      .update(mfaRecoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(mfaRecoveryCodes.userId, userId),
          eq(mfaRecoveryCodes.codeHash, hashOf(typed)),
          isNull(mfaRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: mfaRecoveryCodes.id });
    return spent.length > 0;
  }

  /** Removes the user's second factor (an admin's reset); false when there was none. */
  async reset(userId: number): Promise<boolean> {
    await this.db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
    const removed = await this.db
      .delete(userMfa)
      .where(eq(userMfa.userId, userId))
      .returning({ userId: userMfa.userId });
    return removed.length > 0;
  }

  async requiredRoles(): Promise<Role[]> {
    const [row] = await this.db
      .select({ value: appMeta.value })
      .from(appMeta)
      .where(eq(appMeta.key, POLICY_KEY));
    if (!row) return [...DEFAULT_MFA_ROLES];
    const parsed = z.array(roleSchema).safeParse(JSON.parse(row.value));
    return parsed.success ? parsed.data : [...DEFAULT_MFA_ROLES];
  }

  async setRequiredRoles(roles: Role[]): Promise<Role[]> {
    const value = JSON.stringify([...new Set(roles)]);
    await this.db
      .insert(appMeta)
      .values({ key: POLICY_KEY, value })
      .onConflictDoUpdate({ target: appMeta.key, set: { value } });
    return this.requiredRoles();
  }
}

export function wrongCode(): HttpError {
  return new HttpError(401, 'The code is wrong or was already used', [
    { path: 'code', message: 'The code is wrong or was already used' },
  ]);
}

/**
 * The challenge a right password gets when a code must follow: signed (HS256, its own audience, so
 * it is never a bearer token), naming the user and token version, valid CHALLENGE_SECONDS by the api clock.
 */
export class MfaChallenges {
  private readonly key: Uint8Array;
  constructor(
    apiSecret: string,
    private readonly now: () => Date,
  ) {
    this.key = new TextEncoder().encode(apiSecret);
  }
  sign(userId: number, tokenVersion: number): Promise<string> {
    const issuedAt = Math.floor(this.now().getTime() / 1000);
    return new SignJWT({ ver: tokenVersion })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setAudience('helpdesk-mfa')
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + CHALLENGE_SECONDS)
      .sign(this.key);
  }
  /** The user and token version of a valid challenge, or a 401. */
  async verify(challenge: string): Promise<{ userId: number; tokenVersion: number }> {
    try {
      const { payload } = await jwtVerify(challenge, this.key, {
        algorithms: ['HS256'],
        audience: 'helpdesk-mfa',
        requiredClaims: ['iat', 'exp', 'sub'],
        currentDate: this.now(),
      });
      const userId = Number(payload.sub);
      const tokenVersion = payload.ver;
      if (!Number.isInteger(userId) || userId <= 0 || typeof tokenVersion !== 'number') throw expired();
      return { userId, tokenVersion };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) throw expired();
      throw error;
    }
  }
}

function expired(): HttpError {
  return new HttpError(401, 'The sign-in has expired: enter your email and password again', [
    { path: 'challenge', message: 'expired or invalid' },
  ]);
}
