import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  API_PATHS,
  apiRequest,
  pathFor,
  type Ticket,
  type TicketAction,
  ticketAction,
  ticketKeys,
  ticketQuery,
  ticketResponseSchema,
} from 'shared-contracts';

export interface TicketActionCall {
  role: string;
  ticket: Pick<Ticket, 'id' | 'version'>;
  action: TicketAction;
  comment: string;
  /** The caller holds the open stage in a recused holder's place (ADR 0048): the holder's call. */
  asHolder?: boolean;
  /** The same step on the primary's duplicates at the same stage, in one transaction (ADR 0056). */
  applyToDuplicates?: boolean;
}

/** A cached list page (`{ tickets }`) with the acted-on row replaced by the server's answer. */
function withRow(data: unknown, updated: Ticket): unknown {
  if (typeof data !== 'object' || data === null || !Array.isArray((data as { tickets?: unknown }).tickets))
    return data;
  const page = data as { tickets: Ticket[] };
  return { ...page, tickets: page.tickets.map((row) => (row.id === updated.id ? updated : row)) };
}

/**
 * Approve, Reject or Resolve through the caller's role-specific call (docs/product.md#roles), or the
 * holder's call for a stage a recusal handed them (ADR 0048), as a mutation
 * (ADR 0012). Its answer is the updated ticket: it becomes the cached ticket (no second call for
 * it) and its row in the cached lists, so the reviewer sees the new status where they acted
 * (docs/product.md#calls "Action success ... updates the list"), even on a list the ticket now leaves. Every
 * list is invalidated (asked for again on the next page, filter or visit) and every count is
 * invalidated and asked for again at once: the cards and the chart follow. With
 * `applyToDuplicates` (ADR 0056) the other cached tickets are invalidated too. A 409 (someone else
 * acted first) invalidates the ticket, the lists and the counts: all are asked for again.
 */
export function useTicketAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ role, ticket, action, comment, asHolder, applyToDuplicates }: TicketActionCall) =>
      (asHolder
        ? apiRequest(
            'post',
            pathFor(API_PATHS.tickets.holderAction, { id: ticket.id }),
            ticketResponseSchema,
            {
              json: {
                action,
                comment,
                version: ticket.version,
                ...(applyToDuplicates && { applyToDuplicates }),
              },
            },
          )
        : ticketAction(role, ticket.id, {
            action,
            comment,
            version: ticket.version,
            ...(applyToDuplicates && { applyToDuplicates }),
          })
      ).then((answer) => answer.ticket),
    onSuccess: (updated, { applyToDuplicates }) => {
      queryClient.setQueryData(ticketQuery(updated.id).queryKey, updated);
      // The duplicates moved with it: each is read again when next shown.
      if (applyToDuplicates)
        void queryClient.invalidateQueries({
          queryKey: ticketKeys.details(),
          predicate: (query) => query.queryKey[2] !== updated.id,
        });
      queryClient.setQueriesData({ queryKey: ticketKeys.lists() }, (data: unknown) => withRow(data, updated));
      void queryClient.invalidateQueries({ queryKey: ticketKeys.lists(), refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: ticketKeys.stats() });
    },
    onError: (error, { ticket }) => {
      if (error.status !== 409) return;
      for (const queryKey of [ticketKeys.detail(ticket.id), ticketKeys.lists(), ticketKeys.stats()])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
