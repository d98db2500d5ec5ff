import { MAX_ID, MESSAGES } from 'shared-contracts';

export type RouteIdResult = { ok: true; id: number } | { ok: false; error: string };

function toId(text: string): number | null {
  if (!/^\d+$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= MAX_ID ? id : null;
}

function decodeBase64Url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    return atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
}

/** The url-safe encoding of an id (base64url of its decimal text, no padding): 42 → 'NDI'. */
export function encodeRouteId(id: number): string {
  return btoa(String(id)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The id of a route segment: a plain number, or the url-safe encoding of one. */
export function decodeRouteId(segment: string | null | undefined): number | null {
  const text = segment?.trim() ?? '';
  if (!text) return null;
  const plain = toId(text);
  if (plain !== null) return plain;
  const decoded = decodeBase64Url(text);
  return decoded === null ? null : toId(decoded);
}

/** docs/product.md#validation: /ticket-detail/{id}, else 'Invalid ticket ID. Please try again.' (no call is made). */
export function parseTicketRouteId(segment: string | null | undefined): RouteIdResult {
  const id = decodeRouteId(segment);
  return id === null ? { ok: false, error: MESSAGES.invalidTicketId } : { ok: true, id };
}

/** docs/product.md#validation: /tickets/{userId}, else 'Invalid user ID. Please try again.'. */
export function parseUserRouteId(segment: string | null | undefined): RouteIdResult {
  const id = decodeRouteId(segment);
  return id === null ? { ok: false, error: MESSAGES.invalidUserId } : { ok: true, id };
}

/**
 * docs/architecture.md#security-decisions: the share-link secret travels in the URL fragment (`#key=…`). Returns it, or
 * null when the fragment carries none.
 */
export function accessKeyFromHash(hash: string | null | undefined): string | null {
  const params = new URLSearchParams((hash ?? '').replace(/^#/, ''));
  const key = params.get('key')?.trim();
  return key ? key : null;
}
