import { normaliseRole } from 'shared-contracts';

/**
 * docs/product.md#ticket-list-panel: the catalogue key (`list.titles`) of the title by role and
 * active status filter (`in-review` is the In Review filter; any other value, `all` included, is
 * "otherwise").
 */
export function ticketListTitle(role: string | null | undefined, statusFilter?: string | null): string {
  const inReview = statusFilter?.trim().toLowerCase() === 'in-review';
  switch (normaliseRole(role)) {
    case 'admin':
      return 'list.titles.admin';
    case 'citypresident':
      return inReview ? 'list.titles.cityPresidentInReview' : 'list.titles.cityPresident';
    case 'convenor':
      return 'list.titles.convenor';
    case 'observer':
      return inReview ? 'list.titles.observerInReview' : 'list.titles.observer';
    default:
      return 'list.titles.other';
  }
}
