import { decodeJwt, SignJWT } from 'jose';
import { TEST_SECRET } from './session';

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const key = (secret: string) => new TextEncoder().encode(secret);

/** Re-signs the claims of `token`, changed by `change`, with the test key or another one. */
async function resign(
  token: string,
  change: (claims: Record<string, unknown>) => Record<string, unknown>,
  { alg = 'HS256', secret = TEST_SECRET }: { alg?: string; secret?: string } = {},
): Promise<string> {
  const claims = change({ ...decodeJwt(token) });
  return new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT' }).sign(key(secret));
}

/**
 * Tokens an attacker could present, each made from a genuine token of a non-admin user: every
 * one must be refused with 401.
 */
export async function forgedTokens(genuine: string): Promise<Record<string, string>> {
  const [header = '', payload = '', signature = ''] = genuine.split('.');
  const claims = decodeJwt(genuine);
  const now = Math.floor(Date.now() / 1000);
  return {
    'an expired token': await resign(genuine, (c) => ({ ...c, iat: now - 7200, exp: now - 60 })),
    'a token with alg none': `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ ...claims, role: 'admin' })}.`,
    'a token signed with HS512': await resign(genuine, (c) => ({ ...c, role: 'admin' }), { alg: 'HS512' }),
    'a token signed with another key': await resign(genuine, (c) => ({ ...c, role: 'admin' }), {
      secret: 'another-secret-of-more-than-32-bytes-000000',
    }),
    'a tampered token (role changed, signature kept)': `${header}.${encode({ ...claims, role: 'admin' })}.${signature}`,
    'a tampered token (signature changed)': `${header}.${payload}.${signature.slice(0, -4)}AAAA`,
    'a token without expiry': await resign(genuine, ({ exp: _exp, ...c }) => c),
    // Even with the right key, the role must match the user's row.
    'a correctly signed token claiming the admin role': await resign(genuine, (c) => ({
      ...c,
      role: 'admin',
    })),
    'not a token at all': 'not.a.token',
  };
}

/** A token the api signed, with its claims changed and signed again with the right key. */
export function resignedToken(
  genuine: string,
  change: (claims: Record<string, unknown>) => Record<string, unknown>,
): Promise<string> {
  return resign(genuine, change);
}
