import { useMutation } from '@tanstack/react-query';
import { requestMemberLink } from 'shared-contracts';

/**
 * POST /members/links (/track): the api emails a fresh member link to the address if it has
 * tickets, and answers the same whatever the address (docs/architecture.md#conversation-and-notifications).
 */
export function useRequestMemberLink() {
  return useMutation({ mutationFn: (email: string) => requestMemberLink(email) });
}
