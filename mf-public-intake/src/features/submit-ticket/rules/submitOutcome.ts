import { MESSAGES } from 'shared-contracts';
import { encodeRouteId } from '../../../rules/routeId';

export type SubmitDestination = { ok: true; path: string } | { ok: false; error: string };

/**
 * docs/product.md#submit-flow: go to the returned ticket; with only a user id, to that user's tickets;
 * with neither, 'Could not determine ticket ID from server response.'. docs/architecture.md#security-decisions: the
 * keyed share link (`shareUrl`) is preferred, since a plain id opens nothing for a visitor.
 */
export function submitDestination(answer: {
  ticketId?: number | null;
  userId?: number | null;
  shareUrl?: string | null;
}): SubmitDestination {
  if (answer.shareUrl) return { ok: true, path: answer.shareUrl };
  if (answer.ticketId) return { ok: true, path: `/ticket-detail/${encodeRouteId(answer.ticketId)}` };
  if (answer.userId) return { ok: true, path: `/tickets/${encodeRouteId(answer.userId)}` };
  return { ok: false, error: MESSAGES.noTicketIdInAnswer };
}

/** docs/product.md#errors submit failure: the server's error text, or the generic submit message. */
export function submitErrorMessage(
  error: { message?: string | null; status?: number } | null | undefined,
): string {
  const message = error?.message?.trim();
  if (!message || message === MESSAGES.genericError || message === MESSAGES.requestSetup)
    return MESSAGES.submitFailed;
  return message;
}
