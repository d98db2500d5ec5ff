import { errors, jwtVerify, SignJWT } from 'jose';
import { type Role, roleSchema } from 'shared-contracts/contracts';
import { z } from 'zod';

/** The only algorithm a token may use: anything else (`none`, RS256, HS512…) is refused. */
export const TOKEN_ALGORITHM = 'HS256';
const ISSUER = 'helpdesk-api';
const AUDIENCE = 'helpdesk';
/** A longer Authorization value is refused before any work is spent on it. */
const MAX_TOKEN_LENGTH = 2048;

/** What a token says: whose it is, the role it was issued for, and the user's token version. */
export interface TokenClaims {
  userId: number;
  role: Role;
  tokenVersion: number;
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

/** Signs and checks the bearer tokens (JWS, HS256, with expiry). */
export class TokenService {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
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
    if (token.length > MAX_TOKEN_LENGTH) throw new InvalidTokenError('Invalid token');
    let payload: unknown;
    try {
      ({ payload } = await jwtVerify(token, this.key, {
        algorithms: [TOKEN_ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['sub', 'exp', 'iat'],
      }));
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw new InvalidTokenError('Your session has expired');
      throw new InvalidTokenError('Invalid token');
    }
    const claims = claimsSchema.safeParse(payload);
    if (!claims.success) throw new InvalidTokenError('Invalid token');
    return { userId: Number(claims.data.sub), role: claims.data.role, tokenVersion: claims.data.ver };
  }
}
