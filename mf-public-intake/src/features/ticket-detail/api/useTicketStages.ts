import { useQuery } from '@tanstack/react-query';
import { ticketStagesQuery } from 'shared-contracts';

/**
 * GET /tickets/{id}/stages with the share key (the member's view: roles, no staff names). Kept
 * under the ticket's detail key, so whatever refreshes the ticket refreshes its chain.
 */
export function useTicketStages(ticketId: number, accessKey: string | null) {
  return useQuery(ticketStagesQuery(ticketId, accessKey));
}
