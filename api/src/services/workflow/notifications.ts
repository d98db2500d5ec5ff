/**
 * Who is told what (docs/architecture.md#conversation-and-notifications): each event's messages,
 * written by the service that makes the change, in its transaction:
 *
 * - ticket.submitted: the member (confirmation with the share link and, when the submit issued one,
 *   the member link) and the city's president ("new ticket");
 * - ticket.status_changed: the member;
 * - ticket.handed_off: the new holder (the office bearer of the role the ticket moved to);
 * - ticket.replied: the member for a staff member's public reply, the current holder for a
 *   member's reply (internal notes notify nobody);
 * - member.link_requested: written by /track without looking at the address; the worker decides;
 * - ticket.link_rotated: the member, with the ticket's new share link (staff rotated its key);
 * - member.link_rotated: the member, whose key staff revoked; the worker issues the new link.
 *
 * Members get email, and SMS or WhatsApp too when they opted in and the channel is configured.
 * A row names its personal data by reference only (ADR 0078: the member, the title, the words
 * quoted, staff names): the worker reads them at send time.
 */
import { and, eq, isNull } from 'drizzle-orm';
import {
  type AlertLevel,
  type Assignee,
  type ChainAssignee,
  isChainAssignee,
  type MessageChannel,
  type SlaStage,
  STAGE_OF_ASSIGNEE,
  type TicketStatus,
} from 'shared-contracts/contracts';
import type { Writer } from '../../db/database';
import { cities, ticketStages, tickets, users } from '../../db/schema';
import { DEFAULT_LOCALE } from '../../i18n';
import type { Clock } from '../clock';
import { enqueueWebhooks } from '../integrations/webhooks';
import { providerTemplateFor } from '../outbox/channels/phone';
import { enqueueMessages, enqueueWithStaff, type NewMessage, type StaffEmail } from '../outbox/outboxStore';
import type { ParamRefs } from '../outbox/personalParams';
import { aliasOf } from '../recusal/shielding';
import { type OutcomeLinks, outcomeUrlOf } from '../tickets/outcomeLinks';

/** The phone channels that are configured, with the provider template of each event's message. */
export interface PhoneChannels {
  sms?: { templates: Record<string, string> };
  whatsapp?: { templates: Record<string, string> };
}

interface Person {
  id: number;
  email: string;
  fullName: string;
  mobile?: string | null;
  /** Phone channels the person agreed to be written to on. */
  optIn?: readonly MessageChannel[];
  /** The language their messages are written in (a member: the ticket's); English when absent. */
  locale?: string;
}

export interface SubmittedFacts {
  ticketId: number;
  cityName: string;
  member: Person;
  cityPresidentId: number | null;
  /** Site paths with the key in the fragment. */
  shareUrl: string;
  memberUrl: string | null;
}

export interface ActionFacts {
  ticketId: number;
  /** The ticket as the change read it; read here when absent. */
  ticket?: TicketFacts;
  before: { status: TicketStatus; currentAssignee: Assignee | null };
  after: { status: TicketStatus; currentAssignee: Assignee | null };
  /**
   * The history entry whose words are the reason or resolution (the member's status email quotes
   * them, read at send time); null when the entry has none.
   */
  textEventId: number | null;
  /** The text of the step when no entry holds words (a sentence of the api's own, `Approved by …`). */
  text: string;
}

export interface ReplyFacts {
  ticketId: number;
  /** The ticket as the reply read it; read here when absent. */
  ticket?: TicketFacts;
  /** The reply's history entry: its words and author are read from it at send time. */
  eventId: number;
  byMember: boolean;
  visibility: 'public' | 'internal';
}

export interface StageAlertFacts {
  ticketId: number;
  /** The ticket's city, as the scheduler's one read of the stage and its ticket had it. */
  city: string;
  level: AlertLevel;
  toUserId: number;
  stage: SlaStage;
  /** The stage's due time as the chapter reads it (`2026-12-08 17:00`). */
  due: string;
  /** The absent person the recipient stands in for (their name is read at send time). */
  actingForId?: number | null;
}

export interface InterimReplyFacts {
  ticketId: number;
  stage: SlaStage;
  /** The interim reply's history entry, whose words are the reason. */
  eventId: number;
  /** The promised day, `YYYY-MM-DD`. */
  expectedBy: string;
}

/**
 * A step of the member's last word (ADR 0038): `rating.requested` (the member), `appeal.filed`
 * (the Credai President), `appeal.decided` (the member; the city president on a remand),
 * `ticket.reopened` (the holder), `ticket.transferred` (the member and the new city president).
 */
export interface LastWordFacts {
  ticketId: number;
  /** The ticket as the step read it; read here when absent. */
  ticket?: TicketFacts;
  event: 'rating.requested' | 'appeal.filed' | 'appeal.decided' | 'ticket.reopened' | 'ticket.transferred';
  /**
   * The member's template, its parameters and the references of its personal ones (the ticket's
   * title, city and the member's name are added).
   */
  member?: { template: string; params: Record<string, unknown>; refs?: ParamRefs };
  /** Staff by email (an inactive or missing one gets nothing). */
  staff?: { userId: number | null; template: string; params: Record<string, unknown>; refs?: ParamRefs }[];
  /**
   * Adds `outcomeUrl` to the member's parameters: the ticket's outcome link (outcomeLinks.ts),
   * open from the outcome at `at` for `days`.
   */
  outcomeLink?: { at: Date; days: number };
}

/** The phone channels a ticket's opt-in covers: both or none (one box on the submit form). */
export function phoneChannelsOf(phoneUpdates: boolean): readonly MessageChannel[] {
  return phoneUpdates ? ['sms', 'whatsapp'] : [];
}

export class Notifier {
  constructor(
    private readonly clock: Clock,
    private readonly phones: PhoneChannels,
    /** Signs the rating email's outcome link (without it the email falls back to /track). */
    private readonly outcomeLinks?: OutcomeLinks,
  ) {}

  /** Email to a person, plus their opted-in phone channels with a provider template for the event. */
  private messagesTo(
    person: Person,
    event: NewMessage['event'],
    template: string,
    params: Record<string, unknown>,
    ticketId: number | null,
  ): NewMessage[] {
    const base = {
      event,
      ticketId,
      recipientUserId: person.id,
      template,
      locale: person.locale ?? DEFAULT_LOCALE,
    };
    const messages: NewMessage[] = [{ ...base, channel: 'email', recipient: person.email, params }];
    for (const channel of ['sms', 'whatsapp'] as const) {
      const templates = this.phones[channel]?.templates;
      // The provider template of the member's language (ADR 0060), else the event's one.
      const providerTemplate = templates && providerTemplateFor(templates, template, base.locale);
      if (!providerTemplate || !person.mobile || !person.optIn?.includes(channel)) continue;
      messages.push({
        ...base,
        channel,
        recipient: person.mobile,
        params: { ...params, providerTemplate },
      });
    }
    return messages;
  }

  async submitted(tx: Writer, facts: SubmittedFacts): Promise<void> {
    const common = { ticketId: facts.ticketId, city: facts.cityName };
    const messages = this.messagesTo(
      facts.member,
      'ticket.submitted',
      'ticketSubmittedMember',
      {
        ...common,
        shareUrl: facts.shareUrl,
        memberUrl: facts.memberUrl,
        // The name typed on the form, as the ticket keeps it.
        refs: { name: 'submitter', title: 'title' } satisfies ParamRefs,
      },
      facts.ticketId,
    );
    // The president by email only (staff have no phone opt-in), the address read by the insert.
    const president: StaffEmail[] = facts.cityPresidentId
      ? [
          {
            userId: facts.cityPresidentId,
            event: 'ticket.submitted',
            ticketId: facts.ticketId,
            template: 'ticketSubmittedStaff',
            // A shielded member is named by the alias (ADR 0049).
            params: { ...common, refs: { name: 'submitterAsStaff', title: 'title' } satisfies ParamRefs },
            locale: DEFAULT_LOCALE,
          },
        ]
      : [];
    await enqueueWithStaff(tx, messages, president, this.clock.now());
    await enqueueWebhooks(
      tx,
      'ticket.submitted',
      { ticketId: facts.ticketId, city: facts.cityName, status: 'pending' },
      this.clock.now(),
    );
  }

  async actionTaken(tx: Writer, facts: ActionFacts): Promise<void> {
    const ticket = await factsFor(tx, facts);
    if (!ticket) return;
    const messages: NewMessage[] = [];
    const common = { ticketId: ticket.id, city: ticket.city, status: facts.after.status };
    if (facts.after.status !== facts.before.status) {
      const text: { text: string } | Record<string, never> =
        facts.textEventId === null ? { text: facts.text } : {};
      const refs: ParamRefs = {
        name: 'member',
        title: 'title',
        ...(facts.textEventId === null ? {} : { text: `words:${facts.textEventId}` as const }),
      };
      messages.push(
        ...this.messagesTo(
          ticket.member,
          'ticket.status_changed',
          'ticketStatusChanged',
          { ...common, ...text, refs },
          ticket.id,
        ),
      );
    }
    const moved = facts.after.currentAssignee !== facts.before.currentAssignee;
    const holder = moved ? await holderOf(tx, ticket, facts.after.currentAssignee) : undefined;
    if (holder) {
      messages.push(
        ...this.messagesTo(
          { ...holder, optIn: [] },
          'ticket.handed_off',
          'ticketHandedOff',
          { ...common, refs: { title: 'title' } satisfies ParamRefs },
          ticket.id,
        ),
      );
    }
    await enqueueMessages(tx, messages, this.clock.now());
    if (facts.after.status !== facts.before.status) {
      const data = {
        ticketId: ticket.id,
        city: ticket.city,
        status: facts.after.status,
        previousStatus: facts.before.status,
      };
      await enqueueWebhooks(tx, 'ticket.status_changed', data, this.clock.now());
    }
  }

  async replied(tx: Writer, facts: ReplyFacts): Promise<void> {
    if (facts.visibility !== 'public') return;
    const ticket = await factsFor(tx, facts);
    if (!ticket) return;
    const common = { ticketId: ticket.id, city: ticket.city };
    const words = `words:${facts.eventId}` as const;
    let messages: NewMessage[] = [];
    if (facts.byMember) {
      const holder =
        (await holderOf(tx, ticket, ticket.currentAssignee)) ?? (await holderOf(tx, ticket, 'CityPresident'));
      if (holder) {
        messages = this.messagesTo(
          { ...holder, optIn: [] },
          'ticket.replied',
          'ticketRepliedStaff',
          {
            ...common,
            // A shielded member's reply reaches staff under the alias (ADR 0049).
            refs: {
              title: 'title',
              author: `authorAsStaff:${facts.eventId}`,
              text: words,
            } satisfies ParamRefs,
          },
          ticket.id,
        );
      }
    } else {
      messages = this.messagesTo(
        ticket.member,
        'ticket.replied',
        'ticketRepliedMember',
        {
          ...common,
          refs: {
            name: 'member',
            title: 'title',
            author: `author:${facts.eventId}`,
            text: words,
          } satisfies ParamRefs,
        },
        ticket.id,
      );
    }
    await enqueueMessages(tx, messages, this.clock.now());
    // Public replies only (an internal note returned above); who wrote, never what.
    const data = { ticketId: ticket.id, city: ticket.city, by: facts.byMember ? 'member' : 'staff' };
    await enqueueWebhooks(tx, 'ticket.replied', data, this.clock.now());
  }

  /**
   * The scheduler acted on a stage (docs/architecture.md#time-and-service-levels): the holder's
   * reminder, or the escalation to the next level or the association president, by email to that
   * staff member (read by the insert; an inactive one gets nothing).
   */
  async stageAlert(tx: Writer, facts: StageAlertFacts): Promise<void> {
    await enqueueWithStaff(
      tx,
      [],
      [
        {
          userId: facts.toUserId,
          event: facts.level === 'reminder' ? 'ticket.reminder' : 'ticket.escalated',
          ticketId: facts.ticketId,
          template: facts.level === 'reminder' ? 'stageReminder' : 'stageEscalated',
          params: {
            ticketId: facts.ticketId,
            city: facts.city,
            stage: facts.stage,
            due: facts.due,
            ...(facts.actingForId ? {} : { actingFor: '' }),
            refs: {
              title: 'title',
              ...(facts.actingForId ? { actingFor: `user:${facts.actingForId}` as const } : {}),
            } satisfies ParamRefs,
          },
          locale: DEFAULT_LOCALE,
        },
      ],
      this.clock.now(),
    );
    if (facts.level !== 'reminder') {
      const data = { ticketId: facts.ticketId, city: facts.city, stage: facts.stage, level: facts.level };
      await enqueueWebhooks(tx, 'stage.escalated', data, this.clock.now());
    }
  }

  /** The holder posted an interim reply: the member is told why, and by when to expect the next step. */
  async interimReply(tx: Writer, facts: InterimReplyFacts): Promise<void> {
    const ticket = await ticketFacts(tx, facts.ticketId);
    if (!ticket) return;
    const messages = this.messagesTo(
      ticket.member,
      'ticket.interim_reply',
      'interimReplyMember',
      {
        ticketId: ticket.id,
        city: ticket.city,
        stage: facts.stage,
        expectedBy: facts.expectedBy,
        refs: { name: 'member', title: 'title', reason: `words:${facts.eventId}` } satisfies ParamRefs,
      },
      ticket.id,
    );
    await enqueueMessages(tx, messages, this.clock.now());
  }

  /** A step of the member's last word: its messages, in the step's transaction. */
  async lastWord(tx: Writer, facts: LastWordFacts): Promise<void> {
    const ticket = await factsFor(tx, facts);
    if (!ticket) return;
    const common = { ticketId: ticket.id, city: ticket.city };
    const outcomeUrl = this.outcomeUrl(ticket, facts.outcomeLink);
    const messages = facts.member
      ? this.messagesTo(
          ticket.member,
          facts.event,
          facts.member.template,
          {
            ...common,
            ...facts.member.params,
            ...outcomeUrl,
            refs: { name: 'member', title: 'title', ...facts.member.refs } satisfies ParamRefs,
          },
          ticket.id,
        )
      : [];
    const staff: StaffEmail[] = (facts.staff ?? []).flatMap((to) =>
      to.userId == null
        ? []
        : [
            {
              userId: to.userId,
              event: facts.event,
              ticketId: ticket.id,
              template: to.template,
              params: { ...common, ...to.params, refs: { title: 'title', ...to.refs } satisfies ParamRefs },
              locale: DEFAULT_LOCALE,
            },
          ],
    );
    await enqueueWithStaff(tx, messages, staff, this.clock.now());
    if (facts.event === 'appeal.decided') {
      await enqueueWebhooks(
        tx,
        'appeal.decided',
        { ticketId: ticket.id, city: ticket.city },
        this.clock.now(),
      );
    }
  }

  /** `{ outcomeUrl }` when asked for and this notifier can sign one, else nothing. */
  private outcomeUrl(ticket: TicketFacts, link: LastWordFacts['outcomeLink']): { outcomeUrl?: string } {
    if (!link || !this.outcomeLinks) return {};
    // The share key's hash is signed with it, so rotating the share key stops the outcome link too.
    return { outcomeUrl: outcomeUrlOf(ticket.id, this.outcomeLinks.issue(ticket, link.at, link.days)) };
  }

  /** Staff rotated the ticket's share key: its member gets the new share link by email. */
  async shareLinkRotated(tx: Writer, ticketId: number, shareUrl: string): Promise<boolean> {
    const ticket = await ticketFacts(tx, ticketId);
    if (!ticket?.member.email) return false;
    const messages = this.messagesTo(
      { ...ticket.member, optIn: [] },
      'ticket.link_rotated',
      'shareLinkRotated',
      {
        ticketId: ticket.id,
        city: ticket.city,
        shareUrl,
        refs: { name: 'member', title: 'title' } satisfies ParamRefs,
      },
      ticket.id,
    );
    await enqueueMessages(tx, messages, this.clock.now());
    return true;
  }

  /**
   * Staff revoked the member's key: one email row to the member; the worker issues the fresh key
   * just before sending (as for /track), so the new link is never stored.
   */
  async memberLinkRotated(tx: Writer, member: { id: number; email: string }): Promise<boolean> {
    if (!member.email) return false;
    await enqueueMessages(
      tx,
      [
        {
          event: 'member.link_rotated',
          ticketId: null,
          recipientUserId: member.id,
          recipient: member.email,
          channel: 'email',
          template: 'memberLinkRotated',
          params: {},
          locale: DEFAULT_LOCALE,
        },
      ],
      this.clock.now(),
    );
    return true;
  }

  /** /track: one row for the address, whatever it is; the worker looks the member up. */
  async memberLinkRequested(tx: Writer, email: string): Promise<void> {
    await enqueueMessages(
      tx,
      [
        {
          event: 'member.link_requested',
          ticketId: null,
          recipientUserId: null,
          recipient: email,
          channel: 'email',
          template: 'memberLink',
          params: {},
          locale: DEFAULT_LOCALE,
        },
      ],
      this.clock.now(),
    );
  }
}

async function activeUser(tx: Writer, id: number): Promise<Person | undefined> {
  const [row] = await tx
    .select({ id: users.id, email: users.email, fullName: users.fullName, mobile: users.mobile })
    .from(users)
    .where(and(eq(users.id, id), eq(users.isActive, true)));
  return row;
}

/**
 * The office bearer who holds the ticket for this role (none for Completed or Admin): the open
 * stage's holder, who is their stand-in while they are away (docs/architecture.md#time-and-service-levels).
 */
async function holderOf(
  tx: Writer,
  ticket: TicketFacts,
  assignee: Assignee | null,
): Promise<Person | undefined> {
  if (!isChainAssignee(assignee)) return undefined;
  const [open] = await tx
    .select({ holderId: ticketStages.holderId, stage: ticketStages.stage })
    .from(ticketStages)
    .where(and(eq(ticketStages.ticketId, ticket.id), isNull(ticketStages.leftAt)));
  if (open && open.stage === STAGE_OF_ASSIGNEE[assignee]) {
    return open.holderId ? activeUser(tx, open.holderId) : undefined;
  }
  const holderId = ticket.holders[assignee];
  return holderId ? activeUser(tx, holderId) : undefined;
}

/**
 * What a ticket's messages say of it and to whom they go: read by the change that sends them, in
 * its one read of the ticket (ticketChange.ts), or here for the steps that have not read it.
 */
export interface TicketFacts {
  id: number;
  title: string;
  city: string;
  currentAssignee: Assignee | null;
  /** The office bearers on the ticket, by the role the chain hands it to. */
  holders: Record<ChainAssignee, number | null>;
  /** The share key's hash, which signs the outcome link (rotating the key stops that link too). */
  viewKeyHash: string | null;
  member: Person;
  /** A shielded ticket's alias, which messages to staff name the member by (ADR 0049); else null. */
  memberAlias: string | null;
}

/** The columns of a ticket's facts (from `tickets` joined to its member in `users` and its city). */
export const TICKET_FACT_COLUMNS = {
  id: tickets.id,
  title: tickets.title,
  city: cities.name,
  currentAssignee: tickets.currentAssignee,
  cityPresidentId: tickets.cityPresidentId,
  convenorId: tickets.convenorId,
  observerId: tickets.observerId,
  viewKeyHash: tickets.viewKeyHash,
  memberId: users.id,
  memberEmail: users.email,
  memberName: users.fullName,
  memberMobile: users.mobile,
  submitterMobile: tickets.submitterMobile,
  phoneUpdates: tickets.phoneUpdates,
  language: tickets.language,
  shieldIdentity: tickets.shieldIdentity,
  memberAlias: tickets.memberAlias,
};

/** The facts of a row of TICKET_FACT_COLUMNS: the ticket's opt-in covers the number typed with it. */
export const factsOfColumns = (
  row: Omit<Parameters<typeof factsOf>[0], 'mobile'> & {
    memberMobile: string | null;
    submitterMobile: string | null;
  },
): TicketFacts => factsOf({ ...row, mobile: row.submitterMobile ?? row.memberMobile });

export async function ticketFacts(tx: Writer, ticketId: number): Promise<TicketFacts | undefined> {
  const [row] = await tx
    .select(TICKET_FACT_COLUMNS)
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.customerId))
    .innerJoin(cities, eq(cities.id, tickets.cityId))
    .where(eq(tickets.id, ticketId));
  return row ? factsOfColumns(row) : undefined;
}

/** A ticket's facts from a row that has its columns (`mobile`: the number its messages go to). */
export function factsOf(row: {
  id: number;
  title: string;
  city: string;
  currentAssignee: Assignee | null;
  cityPresidentId: number | null;
  convenorId: number | null;
  observerId: number | null;
  viewKeyHash: string | null;
  memberId: number;
  memberEmail: string;
  memberName: string;
  mobile: string | null;
  phoneUpdates: boolean;
  language: string;
  shieldIdentity?: boolean;
  memberAlias?: string | null;
}): TicketFacts {
  return {
    id: row.id,
    title: row.title,
    city: row.city,
    currentAssignee: row.currentAssignee,
    holders: { CityPresident: row.cityPresidentId, Convenor: row.convenorId, Observer: row.observerId },
    viewKeyHash: row.viewKeyHash,
    memberAlias: row.shieldIdentity ? aliasOf({ id: row.id, memberAlias: row.memberAlias ?? null }) : null,
    member: {
      id: row.memberId,
      email: row.memberEmail,
      fullName: row.memberName,
      mobile: row.mobile,
      optIn: phoneChannelsOf(row.phoneUpdates),
      locale: row.language,
    },
  };
}

/** The facts the caller read, or a read of them. */
const factsFor = (tx: Writer, facts: { ticketId: number; ticket?: TicketFacts }) =>
  facts.ticket ? Promise.resolve(facts.ticket) : ticketFacts(tx, facts.ticketId);
