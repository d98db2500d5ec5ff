// The token check on its own: what it remembers of a token that passed must never let through a
// token it would refuse, nor keep an expired one alive.
import { decodeJwt } from 'jose';
import { InvalidTokenError, TokenService } from '../src/services/tokens';
import { TEST_SECRET } from './support/session';

const claims = { userId: 42, role: 'citypresident', tokenVersion: 3, sessionId: 7 } as const;

/** A service whose clock the test moves (starting now), with a token it signed for an hour. */
async function signedToken() {
  let now = Math.floor(Date.now() / 1000);
  const tokens = new TokenService(TEST_SECRET, 3600, () => now);
  const token = await tokens.sign(claims);
  return {
    tokens,
    token,
    // jose signs with the real clock: the expiry is read from the token itself.
    expiresAt: decodeJwt(token).exp as number,
    setNow: (seconds: number) => {
      now = seconds;
    },
  };
}

describe('TokenService.verify', () => {
  it('answers the same claims on every use of a valid token', async () => {
    const { tokens, token } = await signedToken();
    await expect(tokens.verify(token)).resolves.toEqual(claims);
    await expect(tokens.verify(token)).resolves.toEqual(claims);
  });

  it('gives each caller its own copy of the claims', async () => {
    const { tokens, token } = await signedToken();
    const first = await tokens.verify(token);
    first.userId = 1;
    await expect(tokens.verify(token)).resolves.toEqual(claims);
  });

  it('refuses a remembered token once it has expired', async () => {
    const { tokens, token, expiresAt, setNow } = await signedToken();
    await tokens.verify(token);
    setNow(expiresAt - 1);
    await expect(tokens.verify(token)).resolves.toEqual(claims);
    setNow(expiresAt);
    await expect(tokens.verify(token)).rejects.toThrow(new InvalidTokenError('Your session has expired'));
    await expect(tokens.verify(token)).rejects.toThrow('Your session has expired');
  });

  it('refuses a token that differs from a remembered one by one character', async () => {
    const { tokens, token } = await signedToken();
    await tokens.verify(token);
    // The signature's first character carries six bits of it (the last carries only four: changing
    // it to a neighbour can leave the decoded signature the same, and the token valid).
    const at = token.lastIndexOf('.') + 1;
    const changed = token[at] === 'A' ? 'B' : 'A';
    await expect(tokens.verify(`${token.slice(0, at)}${changed}${token.slice(at + 1)}`)).rejects.toThrow(
      'Invalid token',
    );
  });

  it('does not take a token signed with another key for one it remembers', async () => {
    const { tokens, token } = await signedToken();
    await tokens.verify(token);
    const other = new TokenService('another-secret-of-more-than-32-bytes-000000', 3600);
    await expect(other.verify(token)).rejects.toThrow('Invalid token');
  });

  it('refuses malformed tokens as invalid, never with an error of its own', async () => {
    const { tokens, token } = await signedToken();
    const [header = '', payload = ''] = token.split('.');
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const malformed of [
      '',
      '.',
      '..',
      'a.b.c',
      'not a token',
      `${header}.${payload}`,
      `${token}.`,
      `${encode([1])}.${payload}.${token.split('.')[2]}`,
      `${encode('HS256')}.${payload}.`,
      `${header}.${encode(null)}.`,
      `%%%.${payload}.abc`,
      'x'.repeat(5000),
    ]) {
      const refusal = await tokens.verify(malformed).catch((error: unknown) => error);
      expect({ malformed, refusal }).toEqual({ malformed, refusal: expect.any(InvalidTokenError) });
      expect((refusal as Error).message).toBe('Invalid token');
    }
  });

  it('still checks tokens once it has remembered as many as it keeps', async () => {
    const tokens = new TokenService(TEST_SECRET, 3600);
    const issued = await Promise.all(
      Array.from({ length: 10_050 }, (_, index) => tokens.sign({ ...claims, userId: index + 1 })),
    );
    for (const token of issued) await tokens.verify(token);
    // The first tokens were forgotten to make room: checked again from scratch, they still pass.
    await expect(tokens.verify(issued[0] as string)).resolves.toEqual({ ...claims, userId: 1 });
    await expect(tokens.verify(issued[10_049] as string)).resolves.toEqual({ ...claims, userId: 10_050 });
  }, 60_000); // 20,000 signatures and checks: seconds on a busy machine, not milliseconds
});
