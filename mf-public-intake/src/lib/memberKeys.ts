/**
 * The member's key (docs/architecture.md#security-decisions: `memberUrl` = `/tickets/{userId}#key=…`), remembered on this
 * device once received, so 'View All My Tickets' works from any of the member's ticket pages
 * here. Only keys that came from the server's submit answer or that opened the member's list
 * successfully are stored; a ticket's own key is never stored (the URL carries it).
 */
import { accessKeySchema } from 'shared-contracts';
import { accessKeyFromHash, parseUserRouteId } from '../rules/routeId';

/** The localStorage key: `{ "<userId>": "<member key>" }`. */
export const MEMBER_KEYS_STORAGE_KEY = 'helpdesk.memberKeys';

function readAll(): Record<string, string> {
  try {
    const stored: unknown = JSON.parse(globalThis.localStorage?.getItem(MEMBER_KEYS_STORAGE_KEY) ?? '{}');
    return typeof stored === 'object' && stored !== null && !Array.isArray(stored)
      ? (stored as Record<string, string>)
      : {};
  } catch {
    return {};
  }
}

/** The key remembered for this member, or null. */
export function memberKeyFor(userId: number | null | undefined): string | null {
  if (!userId) return null;
  const key = readAll()[String(userId)];
  return typeof key === 'string' && accessKeySchema.safeParse(key).success ? key : null;
}

/** Remembers a member's key (storage full or disabled: the page works on, without it). */
export function rememberMemberKey(userId: number, key: string): void {
  if (!accessKeySchema.safeParse(key).success) return;
  try {
    globalThis.localStorage?.setItem(
      MEMBER_KEYS_STORAGE_KEY,
      JSON.stringify({ ...readAll(), [String(userId)]: key }),
    );
  } catch {
    // Private browsing or a full storage: nothing to remember on this device.
  }
}

/** The member and key of a `memberUrl` (`/tickets/{userId}#key=…`), or null. */
export function parseMemberUrl(memberUrl: string | null | undefined): { userId: number; key: string } | null {
  if (!memberUrl) return null;
  const match = /^\/tickets\/([^/#?]+)(#.*)?$/.exec(memberUrl);
  if (!match) return null;
  const route = parseUserRouteId(match[1]);
  const key = accessKeyFromHash(match[2]);
  return route.ok && key ? { userId: route.id, key } : null;
}

/** The link to a member's tickets with their key in the fragment. */
export function memberTicketsPath(userId: number, key: string): string {
  return `/tickets/${userId}#key=${encodeURIComponent(key)}`;
}
