/**
 * The private links in outbox rows, sealed at rest (ADR 0052): a row waiting to be sent (queued,
 * or held while no mail server is configured) keeps its `shareUrl`, `memberUrl` or `outcomeUrl`
 * encrypted (AES-256-GCM under a key derived from the api's secret, the same on every instance),
 * so neither a look at the table nor a backup of it holds a working link. The worker opens them
 * just before it renders the message, and they are removed once it is sent or failed for good.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
/**
 * The parameters that must not outlive the send: the private links (their keys are stored nowhere
 * else in clear). Sealed while waiting; removed when a message is sent or fails for good.
 */
export const SECRET_PARAMS = ['shareUrl', 'memberUrl', 'outcomeUrl'] as const;

const PREFIX = 'sealed:v1:';
let key: Buffer | null = null;

/** Set once at start from the api's secret. Unset (a tool without the app), links stay as they are. */
export function useSealedParams(secret: string): void {
  key = createHash('sha256').update(`outbox-params:${secret}`).digest();
}

function sealText(text: string, with_: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', with_, iv);
  const data = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url');
}

function openText(sealed: string, with_: Buffer): string | null {
  const bytes = Buffer.from(sealed.slice(PREFIX.length), 'base64url');
  try {
    const decipher = createDecipheriv('aes-256-gcm', with_, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    // Sealed under another secret (HELPDESK_SECRET changed): the message goes without the link.
    return null;
  }
}

/** The parameters as stored: each private link sealed. */
export function sealParams(params: Record<string, unknown>): Record<string, unknown> {
  if (!key) return params;
  const sealed = { ...params };
  for (const name of SECRET_PARAMS) {
    const value = sealed[name];
    if (typeof value === 'string' && !value.startsWith(PREFIX)) sealed[name] = sealText(value, key);
  }
  return sealed;
}

/** The parameters as the templates read them: each sealed link opened. */
export function openParams(params: Record<string, unknown>): Record<string, unknown> {
  const opened = { ...params };
  for (const name of SECRET_PARAMS) {
    const value = opened[name];
    if (typeof value === 'string' && value.startsWith(PREFIX))
      opened[name] = key ? openText(value, key) : null;
  }
  return opened;
}
