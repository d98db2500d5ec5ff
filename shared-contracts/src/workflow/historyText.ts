/**
 * The texts of the history entries the api writes itself ('Ticket submitted', 'Approved by City
 * President'): one catalogue text each, so the api stores exactly their English and the screen
 * shows them in the page's language. The entry's action and actor's role are its stable code and
 * value; old rows need nothing, since their text is the same English.
 */
import { english, say, type Text, type Translate } from '../i18n/text';
import { normaliseRole } from '../rules/normaliseRole';
import { isRole, type Role } from '../schemas/role';
import { TICKET_ACTIONS, type TicketAction } from '../schemas/tickets';

/** The action of a ticket's first entry (the member submitted it). */
export const SUBMITTED_ACTION = 'submitted';

/** The entry of an action taken without a comment: 'Approved by {role}' and the like. */
export function actionHistoryText(action: TicketAction, role: Role): Text {
  return { key: `common:history.${action}`, values: { role } };
}

/** The first entry of every ticket. */
export const SUBMITTED_TEXT: Text = { key: 'common:history.submitted' };

/**
 * The catalogue text of a history entry the api wrote itself, or null for a person's words (a
 * comment, a reason, a reply), which are shown as written. An entry is recognised only when its
 * text is exactly the English the api writes for its action and role.
 */
export function historyText(entry: {
  action?: string | null;
  actorRole?: string | null;
  text: string;
}): Text | null {
  if (entry.action === SUBMITTED_ACTION)
    return entry.text === english(SUBMITTED_TEXT) ? SUBMITTED_TEXT : null;
  const action = TICKET_ACTIONS.find((known) => known === entry.action);
  const role = normaliseRole(entry.actorRole);
  if (!action || !isRole(role)) return null;
  const text = actionHistoryText(action, role);
  return entry.text === english(text) ? text : null;
}

/** A history entry's text as the screen shows it: the api's own in the page's language, a person's as written. */
export function shownHistoryText(
  t: Translate,
  entry: { action?: string | null; actorRole?: string | null; text: string },
): string {
  const text = historyText(entry);
  return text ? say(t, text) : entry.text;
}
