import { commonText, type Text } from '../i18n/text';
import { isResolved } from './ticketStatus';

const ROLES: Record<string, string> = {
  CityPresident: 'role.citypresident',
  Admin: 'role.admin',
  Observer: 'role.observer',
  Convenor: 'role.convenor',
};

/**
 * docs/product.md#displayed-assignee of the public views: 'Completed' when resolved; else the person
 * for CityPresident, Admin, Observer and Convenor; anything else its own value, or 'Unknown'.
 */
export function displayedAssignee(
  status: string | null | undefined,
  currentAssignee: string | null | undefined,
): Text {
  if (isResolved(status)) return commonText('assignee.completed');
  if (!currentAssignee) return commonText('assignee.unknown');
  const role = ROLES[currentAssignee];
  return role ? commonText(role) : commonText('assignee.other', { assignee: currentAssignee });
}
