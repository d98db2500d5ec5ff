import { TICKET_ID_PREFIX } from '../constants';

/** docs/product.md#ticket-list-panel: ticket ids are shown with the uppercase association prefix and a hyphen (`CREDAI-42`). */
export function ticketIdDisplay(id: number | string): string {
  return `${TICKET_ID_PREFIX}-${id}`;
}
