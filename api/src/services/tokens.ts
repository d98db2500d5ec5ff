import { createHmac, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
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
 * claims schema) was about a tenth of the api's CPU on a stats call (bench/README.md). Bounded; the
 * oldest is forgotten first. 10,000 tokens of ~400 bytes: a few MiB.
 */
const VERIFIED_TOKENS_KEPT = 10_000;

/** What a token says: whose it is, the role it was issued for, and the user's token version. */
export interface TokenClaims {
  userId: number;
  role: Role;
  tokenVersion: number;
}

/** A token that passed every check, with the second it expires (`exp`). */
interface VerifiedToken extends TokenClaims {
  expiresAt: number;
}

/** The claims of a checked token, as a new object: a caller may change its copy. */
function claimsOf({ userId, role, tokenVersion }: VerifiedToken): TokenClaims {
  return { userId, role, tokenVersion };
}

const claimsSchema = z.object({
  sub: z.string().regex(/^[1-9]\d{0,9}$/),
  role: roleSchema,
  ver: z.number().int().nonnegative(),
});

/** Thrown for any token that cannot be trusted; the message is safe to show. */
export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** A base64url part of a token as JSON, or undefined when it is not a JSON object. */
function jsonPart(part: string): Record<string, unknown> | undefined {
  if (!BASE64URL.test(part)) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Signs and checks the bearer tokens (JWS compact, HS256, with expiry). Signing (once per sign-in)
 * uses jose. Checking (every request) is the HMAC of RFC 7515 with node:crypto directly, which costs
 * a few microseconds where jose's WebCrypto path cost about a tenth of a staff request
 * (bench/README.md): the signature is compared in constant time before anything in the token is
 * read, then the header must name HS256 and no extension (`crit`, `b64`), and the claims must carry
 * this issuer and audience, `iat`, a future `exp`, a past `nbf` if any, and the subject, role and
 * version the api put there.
 *
 * A token that passed is remembered until it expires (VERIFIED_TOKENS_KEPT): the same text signed
 * by the same key passes the same checks, except expiry, which is checked on every use. Whether the
 * user may still use it (active, role, token version) is not the token's to say: the database is
 * asked on every request (plugins/auth.ts), so revoking stays immediate.
 */
export class TokenService {
  private readonly key: Uint8Array;
  private readonly verified = new Map<string, VerifiedToken>();

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
    /** The current time in seconds (tests move it). */
    private readonly nowSeconds: () => number = () => Math.floor(Date.now() / 1000),
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  /** A token for the user, valid for TOKEN_TTL_SECONDS. */
  sign(claims: TokenClaims): Promise<string> {
    return new SignJWT({ role: claims.role, ver: claims.tokenVersion })
      .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
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
    const claims = this.check(token);
    if (this.verified.size >= VERIFIED_TOKENS_KEPT) {
      // A Map iterates in insertion order: the first key is the token remembered longest ago.
      this.verified.delete(this.verified.keys().next().value as string);
    }
    this.verified.set(token, claims);
    return claimsOf(claims);
  }

  /** Every check of a token not seen before: its claims and expiry, or InvalidTokenError. */
  private check(token: string): VerifiedToken {
    if (token.length > MAX_TOKEN_LENGTH) throw new InvalidTokenError('Invalid token');
    const parts = token.split('.');
    if (parts.length !== 3) throw new InvalidTokenError('Invalid token');
    const [header = '', payload = '', signature = ''] = parts;
    const expected = createHmac('sha256', this.key).update(`${header}.${payload}`).digest();
    const given = BASE64URL.test(signature) ? Buffer.from(signature, 'base64url') : Buffer.alloc(0);
    // Only the canonical encoding of the 32 bytes is accepted (no trailing bits, no padding).
    if (
      given.length !== expected.length ||
      !timingSafeEqual(given, expected) ||
      given.toString('base64url') !== signature
    ) {
      throw new InvalidTokenError('Invalid token');
    }
    const protectedHeader = jsonPart(header);
    if (
      !protectedHeader ||
      protectedHeader.alg !== TOKEN_ALGORITHM ||
      'crit' in protectedHeader ||
      'b64' in protectedHeader
    ) {
      throw new InvalidTokenError('Invalid token');
    }
    const body = jsonPart(payload);
    if (!body) throw new InvalidTokenError('Invalid token');
    const now = this.nowSeconds();
    const audience = body.aud;
    if (
      body.iss !== ISSUER ||
      !(audience === AUDIENCE || (Array.isArray(audience) && audience.includes(AUDIENCE))) ||
      typeof body.iat !== 'number' ||
      typeof body.exp !== 'number' ||
      (body.nbf !== undefined && (typeof body.nbf !== 'number' || body.nbf > now))
    ) {
      throw new InvalidTokenError('Invalid token');
    }
    if (body.exp <= now) throw new InvalidTokenError('Your session has expired');
    const claims = claimsSchema.safeParse(body);
    if (!claims.success) throw new InvalidTokenError('Invalid token');
    return {
      userId: Number(claims.data.sub),
      role: claims.data.role,
      tokenVersion: claims.data.ver,
      expiresAt: body.exp,
    };
  }
}
