/**
 * History as events, not sentences (docs/architecture.md#history-as-events, ADR 0045): every
 * history entry stores what happened, as a `kind` from HISTORY_KINDS and typed `values` (ids,
 * dates, numbers, codes; never a name), plus the actor's id. Only what a person wrote (a reply, a
 * reason, a rating's comment) is stored as text. The api resolves the ids to names when it reads
 * an entry (so renaming or erasing a person changes every entry that names them) and sends
 * `kind`, the resolved `values` and the English `text`; the screens render the same event in the
 * page's language with `shownHistoryText`. Nothing is ever parsed back from text.
 */
import * as z from 'zod/mini';
import { english, say, type Text, type Translate } from '../i18n/text';
import { normaliseRole } from '../rules/normaliseRole';
import { idSchema } from '../schemas/common';
import { type AssistedChannel, assistedChannelSchema } from '../schemas/intakeChannels';
import { isRole, type Role, roleSchema } from '../schemas/role';
import { type SlaStage, slaStageSchema } from '../schemas/stages';
import type { TicketAction } from '../schemas/tickets';

/** The action of a ticket's first entry (the member submitted it). */
export const SUBMITTED_ACTION = 'submitted';
/** The action of the entry that closes a case. */
export const CLOSED_ACTION = 'closed';

const userId = z.nullable(idSchema);
const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));
/** A time as the chapter's clocks read it (`2026-12-08 17:00`): the stage's due time. */
const chapterClock = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/));
const none = z.strictObject({});
/** Who an alert or a hand-off went to: the role they acted in, the person, whom they stood in for. */
const recipient = { role: roleSchema, userId, actingForId: z.optional(userId) };

/**
 * Every kind of history entry and what it stores in `values`: the one list the api writes from
 * and the screens render from (a test renders each in en, hi and mr).
 */
export const HISTORY_VALUES = {
  /** The member submitted the ticket (its words are the ticket's description). */
  'ticket.submitted': none,
  /**
   * Staff filed the ticket for the member (ADR 0066): the actor is the staff member, `channel` how
   * the member reached them (phone, walk-in, letter, email).
   */
  'ticket.filed_for_member': z.strictObject({ channel: assistedChannelSchema }),
  /** The chain's steps; the text is the actor's comment, reason or resolution when they wrote one. */
  'ticket.approved': none,
  'ticket.rejected': none,
  'ticket.resolved': none,
  'ticket.reviewed': none,
  /** Conversation: the text is what the person wrote. */
  'staff.replied': none,
  'staff.noted': none,
  'member.replied': none,
  /** The clock (ADR 0033): a reminder to the holder, an escalation to the next level or the association president. */
  'stage.reminded': z.strictObject({ stage: slaStageSchema, due: chapterClock, ...recipient }),
  'stage.escalated': z.strictObject({ stage: slaStageSchema, due: chapterClock, ...recipient }),
  /** The holder's interim reply: the stage's new expected day; the text is the reason. */
  'stage.interim_reply': z.strictObject({ stage: slaStageSchema, expectedBy: isoDate }),
  /** A stage handed to a stand-in. */
  'stage.stand_in': z.strictObject({ stage: slaStageSchema, ...recipient }),
  /**
   * A holder passed over (ADR 0048), staff-only: `userId` declared an interest in the ticket's firm
   * or project (`cause` interest), or the complaint concerns an office bearer (`officeBearer`, no
   * one named); the stage went to `toUserId`, who holds it as `toRole`.
   */
  'stage.recused': z.strictObject({
    stage: slaStageSchema,
    role: roleSchema,
    userId,
    toRole: roleSchema,
    toUserId: userId,
    cause: z.enum(['interest', 'officeBearer']),
  }),
  /** The member's last word (ADR 0038); the text is the member's comment or reason. */
  'member.rated': z.strictObject({ stars: z.number().check(z.int(), z.gte(1), z.lte(5)) }),
  'member.reopened': none,
  'member.appealed': none,
  /** The association president's decision on an appeal; the text is the decision's reason. */
  'appeal.upheld': none,
  'appeal.remanded': z.strictObject({ appealId: idSchema }),
  'appeal.dismissed': none,
  /** A transfer to another city and/or committee; the text is the reason. */
  'ticket.transferred': z.strictObject({
    fromCityId: idSchema,
    toCityId: idSchema,
    fromCommitteeId: z.nullable(idSchema),
    toCommitteeId: idSchema,
  }),
  /** Why a case closed: a good rating, no rating within the chapter's window, no appeal within 30 days. */
  'case.closed': z.strictObject({
    cause: z.enum(['rated', 'unrated', 'noAppeal']),
    days: z.optional(z.number().check(z.int(), z.positive())),
  }),
} as const;

export type HistoryKind = keyof typeof HISTORY_VALUES;
export const HISTORY_KINDS = Object.keys(HISTORY_VALUES) as HistoryKind[];
export type HistoryValues<K extends HistoryKind> = z.infer<(typeof HISTORY_VALUES)[K]>;

/** The kinds that never carry a person's words: their stored text is always empty. */
export const SYSTEM_HISTORY_KINDS: readonly HistoryKind[] = [
  'ticket.submitted',
  'ticket.filed_for_member',
  'stage.reminded',
  'stage.escalated',
  'stage.stand_in',
  'stage.recused',
  'case.closed',
];

/** The kinds that are a person's words and nothing more (a reply, a note): shown as written. */
export const WORDS_ONLY_HISTORY_KINDS: readonly HistoryKind[] = [
  'staff.replied',
  'staff.noted',
  'member.replied',
];

/** The chain action's event (`approve` → `ticket.approved`). */
export const CHAIN_ACTION_KINDS: Readonly<Record<TicketAction, HistoryKind>> = {
  approve: 'ticket.approved',
  reject: 'ticket.rejected',
  resolve: 'ticket.resolved',
  review: 'ticket.reviewed',
};

/**
 * What the api sends beside `kind`: the stored values with the people and places they name
 * resolved for the reader (`name`, `actingFor`, `from`, `to`, `appeal`), and the person's words
 * of the entry under the name its text gives them (`comment`, `reason`).
 */
export type ShownHistoryValues = Readonly<Record<string, string | number | null>>;

/** A history entry as the screens and the api's answers render it. */
export interface HistoryEvent {
  kind?: string | null;
  values?: ShownHistoryValues | null;
  actorRole?: string | null;
  text: string;
}

/** The entry of an action taken without a comment: 'Approved by {role}' and the like. */
export function actionHistoryText(action: TicketAction, role: Role): Text {
  return { key: `common:history.${action}`, values: { role } };
}

/** The first entry of every ticket. */
export const SUBMITTED_TEXT: Text = { key: 'common:history.submitted' };

/** Staff filed the ticket for the member: by whom (their role) and how the member reached them. */
export function filedForMemberHistoryText(role: Role, channel: AssistedChannel): Text {
  return { key: 'common:history.filedForMember', values: { role, channel } };
}

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

/** A holder passed over for a declared interest, or an office bearer's own case sent up (ADR 0048). */
export function recusedHistoryText(
  cause: 'interest' | 'officeBearer',
  from: { name: string; role: Role },
  to: { name: string; role: Role },
): Text {
  const values = { toName: to.name, toRole: to.role };
  return cause === 'officeBearer'
    ? { key: 'common:history.recusedOfficeBearer', values }
    : { key: 'common:history.recused', values: { ...values, name: from.name, role: from.role } };
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

/**
 * Where a transfer moved a ticket, as its entry names the places: the committees within one city,
 * the cities for one committee, else both (`Mumbai (Legal)`).
 */
export function transferPlaces(
  from: { city: string; committee: string | null; cityId: number; committeeId: number | null },
  to: { city: string; committee: string; cityId: number; committeeId: number },
): { from: string; to: string } {
  const place = (city: string, committee: string | null) =>
    to.cityId === from.cityId
      ? (committee ?? '')
      : to.committeeId === from.committeeId
        ? city
        : `${city} (${committee ?? ''})`;
  return { from: place(from.city, from.committee), to: place(to.city, to.committee) };
}

const valueText = (values: ShownHistoryValues, name: string) => {
  const value = values[name];
  return value == null ? '' : String(value);
};

const STAGE_OR_NULL = (value: unknown): SlaStage | null =>
  slaStageSchema.safeParse(value).success ? (value as SlaStage) : null;

const ROLE_OR_NULL = (value: unknown): Role | null => {
  const role = normaliseRole(typeof value === 'string' ? value : null);
  return isRole(role) ? role : null;
};

/** The recipient of an alert or hand-off as its text names them (a resolved name, or nobody). */
function recipientOf(values: ShownHistoryValues, role: Role): HistoryRecipient {
  return {
    name: valueText(values, 'name') || 'nobody',
    role,
    actingFor: valueText(values, 'actingFor') || null,
  };
}

/**
 * The catalogue text of an event, or null when the entry is a person's words (a reply, a note, an
 * action with its comment), which are shown as written. Reads only `kind`, the values and the
 * actor's role.
 */
export function historyText(entry: HistoryEvent): Text | null {
  const values = entry.values ?? {};
  const stage = STAGE_OR_NULL(values.stage);
  const role = ROLE_OR_NULL(values.role);
  switch (entry.kind) {
    case 'ticket.submitted':
      return SUBMITTED_TEXT;
    case 'ticket.filed_for_member': {
      const actor = ROLE_OR_NULL(entry.actorRole);
      const channel = assistedChannelSchema.safeParse(values.channel);
      // Only staff file for a member (an unknown actor reads as a member: no sentence then).
      return actor && actor !== 'customer' && channel.success
        ? filedForMemberHistoryText(actor, channel.data)
        : null;
    }
    case 'ticket.approved':
    case 'ticket.rejected':
    case 'ticket.resolved':
    case 'ticket.reviewed': {
      const action = (Object.keys(CHAIN_ACTION_KINDS) as TicketAction[]).find(
        (known) => CHAIN_ACTION_KINDS[known] === entry.kind,
      );
      const actor = ROLE_OR_NULL(entry.actorRole);
      return values.comment || !action || !actor ? null : actionHistoryText(action, actor);
    }
    case 'stage.reminded':
    case 'stage.escalated':
      return stage && role
        ? alertHistoryText(
            entry.kind === 'stage.reminded' ? 'reminder' : 'escalation',
            recipientOf(values, role),
            stage,
            valueText(values, 'due'),
          )
        : null;
    case 'stage.interim_reply':
      return stage
        ? interimReplyHistoryText(stage, valueText(values, 'expectedBy'), valueText(values, 'reason'))
        : null;
    case 'stage.stand_in':
      return role
        ? standInHistoryText({ ...recipientOf(values, role), actingFor: valueText(values, 'actingFor') })
        : null;
    case 'stage.recused': {
      const toRole = ROLE_OR_NULL(values.toRole);
      if (!toRole) return null;
      return recusedHistoryText(
        values.cause === 'officeBearer' ? 'officeBearer' : 'interest',
        { name: valueText(values, 'name') || 'nobody', role: role ?? toRole },
        { name: valueText(values, 'toName') || 'nobody', role: toRole },
      );
    }
    case 'member.rated':
      return typeof values.stars === 'number'
        ? ratingHistoryText(values.stars, valueText(values, 'comment'))
        : null;
    case 'member.reopened':
      return reopenHistoryText(valueText(values, 'reason'));
    case 'member.appealed':
      return appealHistoryText(valueText(values, 'reason'));
    case 'appeal.upheld':
      return appealDecisionHistoryText('uphold', valueText(values, 'reason'), '');
    case 'appeal.remanded':
      return appealDecisionHistoryText('remand', valueText(values, 'reason'), valueText(values, 'appeal'));
    case 'appeal.dismissed':
      return appealDecisionHistoryText('dismiss', valueText(values, 'reason'), '');
    case 'ticket.transferred':
      return transferHistoryText(
        valueText(values, 'from'),
        valueText(values, 'to'),
        valueText(values, 'reason'),
      );
    case 'case.closed': {
      const cause = values.cause;
      if (cause !== 'rated' && cause !== 'unrated' && cause !== 'noAppeal') return null;
      return closedHistoryText(cause, typeof values.days === 'number' ? values.days : 0);
    }
    default:
      return null;
  }
}

/** A history entry in English: the api's `text` of every entry it answers. */
export function englishHistoryText(entry: HistoryEvent): string {
  const shown = historyText(entry);
  return shown ? english(shown) : entry.text;
}

/** A history entry's text as the screen shows it: an event in the page's language, a person's words as written. */
export function shownHistoryText(t: Translate, entry: HistoryEvent): string {
  const shown = historyText(entry);
  return shown ? say(t, shown) : entry.text;
}
