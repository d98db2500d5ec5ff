import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { AppDatabase } from '../db/database';

/** The answer of `reserve`: go ahead, or wait this many seconds. */
export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

interface ThrottleRow {
  key: string;
  count: number;
  retry_ms: string | number;
}

/**
 * Failed sign-ins per client address, and per account from each address, counted in fixed windows
 * in the `login_throttle` table, so the limits hold across every api instance and nothing locks an
 * account for ever: a window ends and the count starts again.
 *
 * The account limit is kept per address and account, never per account alone: someone who guesses
 * at an admin's password only slows down their own address, and the admin signs in from theirs as
 * usual (a lock per account would let anyone lock anyone out). Guessing from many addresses is held
 * back by the per-address limit of each and by argon2's cost per attempt.
 *
 * Each attempt first reserves a slot for its address and its address+account in one atomic upsert,
 * so concurrent guesses cannot slip past the limit; a successful sign-in gives its slots back (the
 * address+account counter restarts, the address's loses one). Unknown emails are counted like known
 * ones, and accounts are keyed by a hash of the address and the email, so the table names no one.
 */
export class LoginThrottle {
  constructor(
    private readonly db: AppDatabase,
    private readonly limits: Config['loginLimit'],
  ) {}

  static keys(ip: string, email: string): { ip: string; account: string } {
    const account = createHash('sha256').update(`${ip}\n${email.trim().toLowerCase()}`).digest('base64url');
    return { ip: `ip:${ip}`, account: `account:${account}` };
  }

  async reserve(ip: string, email: string): Promise<ThrottleDecision> {
    const keys = LoginThrottle.keys(ip, email);
    const window = `${this.limits.windowMs} milliseconds`;
    const expired = sql`login_throttle.window_start <= now() - ${window}::interval`;
    // Both drivers (node-postgres, PGlite) answer a raw statement with `{ rows }`.
    const result = (await this.db.execute(sql`
      insert into login_throttle (key, window_start, count)
      values (${keys.ip}, now(), 1), (${keys.account}, now(), 1)
      on conflict (key) do update set
        window_start = case when ${expired} then now() else login_throttle.window_start end,
        count = case when ${expired} then 1 else login_throttle.count + 1 end
      returning key, count,
        ceil(extract(epoch from (window_start + ${window}::interval - now())) * 1000) as retry_ms`)) as unknown as {
      rows: ThrottleRow[];
    };
    let limited = false;
    let retryAfterMs = 0;
    for (const row of result.rows) {
      const max = row.key === keys.ip ? this.limits.maxPerIp : this.limits.maxPerAccount;
      if (Number(row.count) <= max) continue;
      limited = true;
      retryAfterMs = Math.max(retryAfterMs, Number(row.retry_ms));
    }
    if (!limited) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
  }

  /** After a successful sign-in: the account starts afresh, the address gets its slot back. */
  async release(ip: string, email: string): Promise<void> {
    const keys = LoginThrottle.keys(ip, email);
    await this.db.execute(sql`
      with restarted as (delete from login_throttle where key = ${keys.account})
      update login_throttle set count = greatest(count - 1, 0) where key = ${keys.ip}`);
  }

  /**
   * Drops the rows of windows that have ended (run now and then; any instance may). Only the
   * sign-in keys: other limits keep their own rows in the table, with their own windows.
   */
  async prune(): Promise<void> {
    const window = `${this.limits.windowMs} milliseconds`;
    await this.db.execute(sql`
      delete from login_throttle
      where (key like 'ip:%' or key like 'account:%') and window_start <= now() - ${window}::interval`);
  }
}
