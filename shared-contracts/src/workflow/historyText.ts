/**
 * The texts of the history entries the api writes itself ('Ticket submitted', 'Approved by City
 * President'): one catalogue text each, so the api stores exactly their English and the screen
 * shows them in the page's language. The entry's action and actor's role are its stable code and
 * value; old rows need nothing, since their text is the same English.
 */
import { commonEn } from '../i18n/common.en';
import { english, say, type Text, type Translate } from '../i18n/text';
import { normaliseRole } from '../rules/normaliseRole';
import { isRole, type Role } from '../schemas/role';
import type { SlaStage } from '../schemas/stages';
import { TICKET_ACTIONS, type TicketAction } from '../schemas/tickets';

/** The action of a ticket's first entry (the member submitted it). */
export const SUBMITTED_ACTION = 'submitted';

/** The entry of an action taken without a comment: 'Approved by {role}' and the like. */
export function actionHistoryText(action: TicketAction, role: Role): Text {
  return { key: `common:history.${action}`, values: { role } };
}

/** The first entry of every ticket. */
export const SUBMITTED_TEXT: Text = { key: 'common:history.submitted' };

/** Who an alert or a hand-off went to, and for whom when it was a stand-in. */
export interface HistoryRecipient {
  name: string;
  role: Role;
  actingFor?: string | null;
}

/** The clock's reminder (80 %) or escalation (100 %, 150 %) of a stage, due at `due` (the chapter's wall clock). */
export function alertHistoryText(
  kind: 'reminder' | 'escalation',
  to: HistoryRecipient,
  stage: SlaStage,
  due: string,
): Text {
  const values = { name: to.name, role: to.role, stage, due };
  return to.actingFor
    ? { key: `common:history.${kind}ActingFor`, values: { ...values, actingFor: to.actingFor } }
    : { key: `common:history.${kind}`, values };
}

/** The holder's interim reply: the stage's new expected day and the reason, in the holder's words. */
export function interimReplyHistoryText(stage: SlaStage, expectedBy: string, reason: string): Text {
  return { key: 'common:history.interimReply', values: { stage, expectedBy, reason } };
}

/** A hand-off that went to a stand-in. */
export function standInHistoryText(to: HistoryRecipient & { actingFor: string }): Text {
  return { key: 'common:history.standIn', values: { name: to.name, role: to.role, actingFor: to.actingFor } };
}

/** The member's rating of the outcome, with their comment when they wrote one. */
export function ratingHistoryText(stars: number, comment?: string | null): Text {
  const words = comment?.trim();
  return words
    ? { key: 'common:history.ratedWithComment', values: { stars: String(stars), comment: words } }
    : { key: 'common:history.rated', values: { stars: String(stars) } };
}

/** The member reopened a resolved ticket. */
export function reopenHistoryText(reason: string): Text {
  return { key: 'common:history.reopened', values: { reason } };
}

/** The member appealed to the association president. */
export function appealHistoryText(reason: string): Text {
  return { key: 'common:history.appealed', values: { reason } };
}

/** The association president's decision; a remand quotes the member's appeal for the city president. */
export function appealDecisionHistoryText(
  decision: 'uphold' | 'remand' | 'dismiss',
  reason: string,
  appeal: string,
): Text {
  if (decision === 'remand') return { key: 'common:history.appealRemanded', values: { reason, appeal } };
  return {
    key: decision === 'uphold' ? 'common:history.appealUpheld' : 'common:history.appealDismissed',
    values: { reason },
  };
}

/** A transfer to another city and/or committee ('Transferred from Pune to Mumbai: …'). */
export function transferHistoryText(from: string, to: string, reason: string): Text {
  return { key: 'common:history.transferred', values: { from, to, reason } };
}

/** Why a case closed: a good rating, no rating within the chapter's window, no appeal within 30 days. */
export function closedHistoryText(kind: 'rated' | 'unrated' | 'noAppeal', days = 0): Text {
  if (kind === 'rated') return { key: 'common:history.closedRated' };
  return {
    key: kind === 'unrated' ? 'common:history.closedUnrated' : 'common:history.closedNoAppeal',
    values: { days: String(days) },
  };
}

/** The action of the entry that closes a case. */
export const CLOSED_ACTION = 'closed';

/** The catalogue keys (under `history`) each action of the clock and the last word may have written. */
const CLOCK_TEXTS: Record<string, readonly (keyof typeof commonEn.history)[]> = {
  reminder: ['reminder', 'reminderActingFor'],
  escalation: ['escalation', 'escalationActingFor'],
  'interim-reply': ['interimReply'],
  'stand-in': ['standIn'],
  rate: ['rated', 'ratedWithComment'],
  reopen: ['reopened'],
  appeal: ['appealed'],
  'appeal.uphold': ['appealUpheld'],
  'appeal.remand': ['appealRemanded'],
  'appeal.dismiss': ['appealDismissed'],
  transfer: ['transferred'],
  [CLOSED_ACTION]: ['closedRated', 'closedUnrated', 'closedNoAppeal'],
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The English labels under a `common` path (`role`), each with its key, longest first. */
function labelsUnder(path: string): [key: string, label: string][] {
  let node: unknown = commonEn;
  for (const part of path.split('.')) node = (node as Record<string, unknown>)[part];
  return Object.entries(node as Record<string, unknown>)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && !entry[1].includes('{{'))
    .sort((a, b) => b[1].length - a[1].length);
}

/**
 * A clock text as a pattern: `{{value}}` captures anything, `$t(common:role.{{role}})` captures
 * one of the roles' English names (and gives back its key), so a stored English text gives back
 * its values.
 */
function clockPattern(key: keyof typeof commonEn.history) {
  const template = commonEn.history[key] as string;
  const parts: { name: string; labels?: [string, string][] }[] = [];
  const source = template
    .split(/(\$t\(common:[\w.]+\.\{\{\w+\}\}\)|\{\{\w+\}\})/)
    .map((part) => {
      const nested = /^\$t\(common:([\w.]+)\.\{\{(\w+)\}\}\)$/.exec(part);
      if (nested?.[1] && nested[2]) {
        const labels = labelsUnder(nested[1]);
        parts.push({ name: nested[2], labels });
        return `(${labels.map(([, label]) => escapeRegExp(label)).join('|')})`;
      }
      const value = /^\{\{(\w+)\}\}$/.exec(part);
      if (value?.[1]) {
        parts.push({ name: value[1] });
        return '(.+?)';
      }
      return escapeRegExp(part);
    })
    .join('');
  return { key, parts, pattern: new RegExp(`^${source}$`, 's') };
}

const CLOCK_PATTERNS = Object.fromEntries(
  Object.entries(CLOCK_TEXTS).map(([action, keys]) => [action, keys.map(clockPattern)]),
);

/** The Text of an entry the clock wrote, read back from its stored English. */
function clockHistoryText(action: string, stored: string): Text | null {
  for (const { key, parts, pattern } of CLOCK_PATTERNS[action] ?? []) {
    const match = pattern.exec(stored);
    if (!match) continue;
    const values: Record<string, string> = {};
    parts.forEach(({ name, labels }, index) => {
      const found = match[index + 1] ?? '';
      values[name] = labels?.find(([, label]) => label === found)?.[0] ?? found;
    });
    const text = parts.length ? { key: `common:history.${key}`, values } : { key: `common:history.${key}` };
    if (english(text) === stored) return text;
  }
  return null;
}

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
  if (entry.action && entry.action in CLOCK_TEXTS) return clockHistoryText(entry.action, entry.text);
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
