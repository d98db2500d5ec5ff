import { commonText, type Text } from '../i18n/text';
import { isRole } from '../schemas/role';
import { normaliseRole } from './normaliseRole';

/**
 * The display name of a role (docs/product.md#overview, docs/product.md#roles: the observer is
 * shown as Office Bearer); an unknown role is shown as it was given.
 */
export function roleLabel(role: string | null | undefined): Text {
  // normaliseRole gives 'customer' for a blank role, so a miss always has text of its own.
  const normalised = normaliseRole(role);
  return isRole(normalised)
    ? commonText(`role.${normalised}`)
    : commonText('role.other', { role: String(role).trim() });
}
