import { errors, type JWTPayload, jwtVerify, SignJWT } from 'jose';
import { type Role, roleSchema } from 'shared-contracts/contracts';
import { z } from 'zod';

/** The only algorithm a token may use: anything else (`none`, RS256, HS512…) is refused. */
export const TOKEN_ALGORITHM = 'HS256';
const ISSUER = 'helpdesk-api';
const AUDIENCE = 'helpdesk';
/** A longer Authorization value is refused before any work is spent on it. */
const MAX_TOKEN_LENGTH = 2048;
/**
 * How many tokens that passed every check are remembered, by their text: a staff page sends the
 * same token with each of its calls, and checking it again (base64, HMAC, two JSON parses, the
 * claims schema) was about a tenth of the api's CPU on a stats call (bench/README.md, ADR 0011).
 * Bounded; the oldest is forgotten first. 10,000 tokens of ~400 bytes: a few MiB.
 */
const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * What a token says: whose it is, the role it was issued for, the user's token version, and the
 * server-side session it belongs to (`sid`, ADR 0053: the session's row decides whether it still works).
 */
export interface TokenClaims {
  userId: number;
  role: Role;
  tokenVersion: number;
  sessionId: number;
}

/** A token that passed every check, with the second it expires (`exp`). */
interface VerifiedToken extends TokenClaims {
  expiresAt: number;
}

/** The claims of a checked token, as a new object: a caller may change its copy. */
function claimsOf({ userId, role, tokenVersion, sessionId }: VerifiedToken): TokenClaims {
  return { userId, role, tokenVersion, sessionId };
}

const claimsSchema = z.object({
  sub: z.string().regex(/^[1-9]\d{0,9}$/),
  role: roleSchema,
  ver: z.number().int().nonnegative(),
  sid: z.number().int().positive().max(2_147_483_647),
});

/** Thrown for any token that cannot be trusted; the message is safe to show. */
export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
}

/**
 * Signs and checks the bearer tokens (JWS compact, HS256, with expiry), both with jose. A check
 * (`jwtVerify`) checks the signature before it reads the claims, allows HS256 only
 * (no `none`, no other algorithm, no unknown `crit` extension, no unencoded payload), and requires
 * this issuer and audience, `iat`, a future `exp` and a past `nbf` if any; the claims schema then
 * requires the subject, role and version the api put there. Any refusal is an InvalidTokenError
 * (401), never an error of the server.
 *
 * A token that passed is remembered until it expires (VERIFIED_TOKENS_KEPT): the same text signed
 * by the same key passes the same checks, except expiry, which is checked on every use; so jose's
 * asynchronous check runs once per token, not once per request. Whether the user may still use it
 * (active, role, token version) is not the token's to say: the database is asked on every request
 * (plugins/auth.ts), so revoking stays immediate.
 */
export class TokenService {
  private readonly secret: Uint8Array<ArrayBuffer>;
  /** The secret imported once as an HMAC key (jose would import a raw secret again on each use). */
  private key: Promise<CryptoKey> | undefined;
  private readonly verified = new Map<string, VerifiedToken>();

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
    /** The current time in seconds (tests move it). */
    private readonly nowSeconds: () => number = () => Math.floor(Date.now() / 1000),
  ) {
    this.secret = new TextEncoder().encode(secret);
  }

  private signingKey(): Promise<CryptoKey> {
    this.key ??= crypto.subtle.importKey('raw', this.secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    return this.key;
  }

  /** A token for the user, valid for TOKEN_TTL_SECONDS. */
  async sign(claims: TokenClaims): Promise<string> {
    return new SignJWT({ role: claims.role, ver: claims.tokenVersion, sid: claims.sessionId })
      .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(await this.signingKey());
  }

  /** The claims of a valid token, or InvalidTokenError (bad signature, algorithm, expiry, shape). */
  async verify(token: string): Promise<TokenClaims> {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAt <= this.nowSeconds()) {
        this.verified.delete(token);
        throw new InvalidTokenError('Your session has expired');
      }
      return claimsOf(known);
    }
    const claims = await this.check(token);
    if (this.verified.size >= VERIFIED_TOKENS_KEPT) {
      // A Map iterates in insertion order: the first key is the token remembered longest ago.
      this.verified.delete(this.verified.keys().next().value as string);
    }
    this.verified.set(token, claims);
    return claimsOf(claims);
  }

  /** Every check of a token not seen before: its claims and expiry, or InvalidTokenError. */
  private async check(token: string): Promise<VerifiedToken> {
    if (token.length > MAX_TOKEN_LENGTH) throw new InvalidTokenError('Invalid token');
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, await this.signingKey(), {
        algorithms: [TOKEN_ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['iat', 'exp'],
        currentDate: new Date(this.nowSeconds() * 1000),
      }));
    } catch (error) {
      // jose says why in its own words; the caller is told only expired or invalid.
      if (error instanceof errors.JWTExpired) throw new InvalidTokenError('Your session has expired');
      if (error instanceof errors.JOSEError) throw new InvalidTokenError('Invalid token');
      throw error;
    }
    const claims = claimsSchema.safeParse(payload);
    if (!claims.success) throw new InvalidTokenError('Invalid token');
    return {
      userId: Number(claims.data.sub),
      role: claims.data.role,
      tokenVersion: claims.data.ver,
      sessionId: claims.data.sid,
      expiresAt: payload.exp as number,
    };
  }
}
