/**
 * POST /tickets/submit without the HTTP (docs/product.md#submit-flow, docs/product.md#validation rules, docs/architecture.md#workflow, docs/architecture.md#security-decisions): the
 * member is found by email (any case) or created, the ticket gets its title, its city's office
 * bearers and a "submitted" history entry, and the answer carries the private links. Everything is
 * written in one transaction, with the idempotency key claimed first, so a retried or doubled
 * submit makes one ticket. No file I/O happens in the transaction (PGlite would block on it):
 * the caller places the file before and removes it when the outcome is not `created`.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  type AssistedChannel,
  MESSAGES,
  type Role,
  SUBMITTED_ACTION,
  TEXT_LIMITS,
  type TicketSubmit,
  type TicketSubmitResponse,
} from 'shared-contracts/contracts';
import type { AppDatabase, Transaction } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import {
  attachments,
  cities,
  cityCommittees,
  committees,
  ticketComments,
  tickets,
  users,
} from '../../db/schema';
import { HttpError } from '../../httpError';
import { recordHistory } from '../history/historyStore';
import { currentNotice, noticeVersionExists } from '../privacy/notices';
import { resolveSubmitProject } from '../projects/register';
import { recordRecusals, routeAroundConflicts } from '../recusal/interests';
import { newMemberAlias } from '../recusal/shielding';
import { syncStage } from '../sla/stages';
import { claimKey, recordAnswer } from '../tickets/idempotency';
import { hashSecret, newSecret, shareUrlOf } from '../tickets/keys';
import { issueMemberKeyIfNone } from '../tickets/linkKeys';
import type { StoredKind } from '../tickets/storage';
import { type Notifier, phoneChannelsOf } from './notifications';

/** Words of the description in the title (after the committee's name). */
export const TITLE_WORDS = 8;

/** Where every ticket starts: pending, with its city's president (docs/product.md#review-chain). */
export const NEW_TICKET_STATE = { status: 'pending', currentAssignee: 'CityPresident' } as const;

/**
 * Every ticket's first history entry: its member submitted it (the submit and the generated demo
 * and bench tickets write this one). `ticketId`, and `createdAt` when it is not now, are the caller's.
 */
export function submittedEntry(member: { id: number | null; role: Role }) {
  return {
    // The member is named by id (their name is read when the history is: ADR 0045); the bulk
    // loaders of generated tickets fill the id once the member's row exists.
    actorId: member.id,
    actorRole: member.role,
    kind: 'ticket.submitted',
    action: SUBMITTED_ACTION,
    statusAfter: NEW_TICKET_STATE.status,
    assigneeAfter: NEW_TICKET_STATE.currentAssignee,
  } satisfies Omit<typeof ticketComments.$inferInsert, 'ticketId'>;
}

/** A file already in place in the store, to be recorded with the ticket. */
export interface PlacedFile {
  kind: StoredKind;
  storedName: string;
  originalName: string;
  contentType: string;
  size: number;
  sha256: string;
}

export interface SubmitRefs {
  city: { id: number; name: string; convenorId: number | null };
  committee: { id: number; name: string };
}

export type SubmitOutcome =
  | {
      kind: 'created';
      statusCode: 201;
      body: TicketSubmitResponse;
      /**
       * The member's new private link when this submit issued one (a new member, or one whose key
       * had expired or been revoked); never part of the answer. The submit's confirmation email to
       * the typed address carries it (docs/security.md "Links").
       */
      memberLink: string | null;
    }
  /** Another submit holds the idempotency key: read its answer (replay or 422). */
  | { kind: 'key-taken' };

/**
 * The city and committee the form names, by id (the names it sends are ignored), or a 400 with
 * the product's messages. A city that runs committees accepts only those.
 */
export async function resolveSubmitRefs(db: AppDatabase, input: TicketSubmit): Promise<SubmitRefs> {
  const [[city], [committee], runs] = await Promise.all([
    db
      .select({ id: cities.id, name: cities.name, convenorId: cities.convenorId })
      .from(cities)
      .where(eq(cities.id, input.cityId)),
    db
      .select({ id: committees.id, name: committees.name })
      .from(committees)
      .where(eq(committees.id, input.committeeId)),
    db
      .select({ committeeId: cityCommittees.committeeId })
      .from(cityCommittees)
      .where(eq(cityCommittees.cityId, input.cityId)),
  ]);
  const problems = [];
  if (!city) problems.push({ path: 'cityId', message: 'Please select a city.' });
  const runsIt = runs.length === 0 || runs.some((row) => row.committeeId === input.committeeId);
  if (!committee || (city && !runsIt))
    problems.push({ path: 'committeeId', message: 'Please select a committee.' });
  if (!city || !committee || problems.length) {
    throw new HttpError(400, MESSAGES.selectCityAndCommittee, problems);
  }
  // The project, by the typeahead's id or the plain field's RERA number (ADR 0055): kept on the
  // input as its id, which the ticket stores and the chain's conflict check reads.
  const projectId = await resolveSubmitProject(db, input);
  if (projectId !== undefined) input.projectId = projectId;
  // The privacy notice the form showed (ADR 0068), else the current one.
  if (input.noticeVersion !== undefined) {
    if (!(await noticeVersionExists(db, input.noticeVersion))) {
      const message = 'No privacy notice has this version.';
      throw new HttpError(400, message, [{ path: 'noticeVersion', message }]);
    }
  } else input.noticeVersion = (await currentNotice(db, 'en'))?.version;
  return { city, committee };
}

/** Product: the title is the committee and the first words of the description. */
export function ticketTitle(committeeName: string, description: string): string {
  const words = description.trim().split(/\s+/);
  const start = words.slice(0, TITLE_WORDS).join(' ');
  const title = `${committeeName}: ${start}${words.length > TITLE_WORDS ? '…' : ''}`;
  return title.length <= TEXT_LIMITS.title ? title : `${title.slice(0, TEXT_LIMITS.title - 1)}…`;
}

/** An active user of the role in the city, the longest-serving first. */
async function activeOfRole(
  tx: Transaction,
  role: 'citypresident' | 'convenor' | 'observer',
  cityId: number,
) {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, role), eq(users.cityId, cityId), eq(users.isActive, true)))
    .orderBy(asc(users.id))
    .limit(1);
  return row?.id ?? null;
}

/** docs/architecture.md#workflow: the city's chosen convenor when active, else an active convenor of the city. */
async function convenorOf(
  tx: Transaction,
  city: Pick<SubmitRefs['city'], 'id' | 'convenorId'>,
): Promise<number | null> {
  if (city.convenorId !== null) {
    const [chosen] = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.id, city.convenorId),
          eq(users.role, 'convenor'),
          eq(users.cityId, city.id),
          eq(users.isActive, true),
        ),
      );
    if (chosen) return chosen.id;
  }
  return activeOfRole(tx, 'convenor', city.id);
}

/** The chain a ticket of the city gets, as at submit: its city president, convenor and observer. */
export async function chainOf(tx: Transaction, city: Pick<SubmitRefs['city'], 'id' | 'convenorId'>) {
  const cityPresidentId = await activeOfRole(tx, 'citypresident', city.id);
  const convenorId = await convenorOf(tx, city);
  const observerId = await activeOfRole(tx, 'observer', city.id);
  return { cityPresidentId, convenorId, observerId };
}

/** A complaint staff file for a member (ADR 0066): who filed it and how the member reached them. */
export interface AssistedFiling {
  by: { id: number; role: Role };
  channel: AssistedChannel;
}

export interface SubmitRequest {
  input: TicketSubmit;
  refs: SubmitRefs;
  file: PlacedFile | null;
  idempotency: { key: string; requestHash: string } | null;
  /** The password hash of a member the submit creates: one nobody knows the password of. */
  unusablePasswordHash: string;
  /** Writes the submit's messages in its transaction (the bench measures the submit without). */
  notifier?: Notifier;
  /** The api clock's now: the city president's review stage opens then. */
  now: Date;
  /** Staff filing it for the member; absent for the member's own submit. */
  assisted?: AssistedFiling;
}

/** Writes the ticket (and maybe the member) in one transaction. */
export async function createSubmittedTicket(db: AppDatabase, request: SubmitRequest): Promise<SubmitOutcome> {
  // Two first submits with one new email at once: the second meets the unique index, and the
  // retry finds the member the first created.
  for (let attempt = 1; ; attempt++) {
    try {
      return await writeTicket(db, request);
    } catch (error) {
      if (attempt < 3 && isUniqueViolation(error, 'users_email_lower_unique')) continue;
      throw error;
    }
  }
}

class KeyTaken extends Error {}

async function writeTicket(db: AppDatabase, request: SubmitRequest): Promise<SubmitOutcome> {
  const { input, refs, file, idempotency } = request;
  try {
    return await db.transaction(async (tx) => {
      if (idempotency && !(await claimKey(tx, idempotency.key, idempotency.requestHash))) {
        throw new KeyTaken();
      }
      // Only a member record: a staff account with this email is never the submitter (ADR 0030).
      const [existing] = await tx
        .select({ id: users.id, fullName: users.fullName, role: users.role })
        .from(users)
        .where(and(sql`lower(${users.email}) = lower(${input.email})`, eq(users.role, 'customer')));
      let member = existing;
      if (!member) {
        [member] = await tx
          .insert(users)
          .values({
            fullName: input.fullName,
            email: input.email,
            mobile: input.mobile,
            role: 'customer',
            cityId: refs.city.id,
            committee: refs.committee.name,
            passwordHash: request.unusablePasswordHash,
          })
          .returning({ id: users.id, fullName: users.fullName, role: users.role });
        if (!member) throw new Error('insert returned no member');
      }
      // The member link never travels in the answer (that would tell whether the email was known,
      // and hand a stranger who typed it the member's tickets): a member without a live key gets
      // one here for the submit's confirmation email, which goes to the address itself.
      const memberLink = await issueMemberKeyIfNone(tx, member.id);

      // One after the other: a transaction is one connection, which runs one query at a time.
      // The chain, with every holder who declared an interest in the firm or project passed over
      // (and an office bearer's own case sent to the association president): ADR 0048.
      const routed = await routeAroundConflicts(
        tx,
        {
          againstName: input.againstName,
          projectId: input.projectId ?? null,
          concernsOfficeBearer: input.concernsOfficeBearer,
        },
        {
          cityPresidentId: await activeOfRole(tx, 'citypresident', refs.city.id),
          convenorId: await convenorOf(tx, refs.city),
          observerId: await activeOfRole(tx, 'observer', refs.city.id),
        },
      );
      const { cityPresidentId, convenorId, observerId } = routed.chain;
      const ticketSecret = newSecret();
      const memberAlias = input.shieldIdentity ? newMemberAlias() : null;
      const [ticket] = await tx
        .insert(tickets)
        .values({
          title: ticketTitle(refs.committee.name, input.description),
          description: input.description,
          ...NEW_TICKET_STATE,
          cityId: refs.city.id,
          committeeId: refs.committee.id,
          customerId: member.id,
          attachmentPath: file?.kind === 'attachment' ? file.storedName : null,
          photoPath: file?.kind === 'photo' ? file.storedName : null,
          cityPresidentId,
          convenorId,
          observerId,
          viewKeyHash: hashSecret(ticketSecret),
          submitterName: input.fullName,
          submitterEmail: input.email,
          submitterMobile: input.mobile,
          phoneUpdates: input.phoneUpdates,
          language: input.language,
          projectId: input.projectId ?? null,
          intakeChannel: request.assisted?.channel ?? null,
          noticeVersion: input.noticeVersion ?? null,
          againstName: input.againstName ?? null,
          concernsOfficeBearer: input.concernsOfficeBearer,
          shieldIdentity: input.shieldIdentity,
          memberAlias,
        })
        .returning({ id: tickets.id });
      if (!ticket) throw new Error('insert returned no ticket');
      if (file) {
        await tx.insert(attachments).values({
          ticketId: ticket.id,
          kind: file.kind,
          storedName: file.storedName,
          originalName: file.originalName,
          contentType: file.contentType,
          sizeBytes: file.size,
          sha256: file.sha256,
        });
      }
      // The history names the submitter as a member (never a staff account's role).
      await tx.insert(ticketComments).values({ ticketId: ticket.id, ...submittedEntry(member) });
      // Filed by staff for the member: who and how, after the member's own entry. Its action is the
      // submit's, so the reports' first staff step is still the first step on the complaint.
      if (request.assisted) {
        await recordHistory(tx, {
          ticketId: ticket.id,
          kind: 'ticket.filed_for_member',
          values: { channel: request.assisted.channel },
          action: SUBMITTED_ACTION,
          actor: request.assisted.by,
        });
      }
      await recordRecusals(
        tx,
        ticket.id,
        routed.recusals,
        null,
        { statusAfter: NEW_TICKET_STATE.status, assigneeAfter: NEW_TICKET_STATE.currentAssignee },
        request.now,
      );
      // The city president's review opens in this transaction (docs/architecture.md#time-and-service-levels):
      // with them, or with their stand-in while they are away.
      const reviewer = await syncStage(tx, { ticketId: ticket.id, now: request.now });
      const body: TicketSubmitResponse = {
        success: true,
        ticketId: ticket.id,
        userId: member.id,
        shareUrl: shareUrlOf(ticket.id, ticketSecret),
      };
      // The confirmation goes to the typed address (its owner alone reads the links) and the city
      // president hears of the ticket: in this transaction, so a ticket never lacks its messages.
      await request.notifier?.submitted(tx, {
        ticketId: ticket.id,
        cityName: refs.city.name,
        member: {
          id: member.id,
          email: input.email,
          fullName: input.fullName,
          mobile: input.mobile,
          optIn: phoneChannelsOf(input.phoneUpdates),
          locale: input.language,
        },
        cityPresidentId: reviewer ? reviewer.id : cityPresidentId,
        shareUrl: body.shareUrl,
        memberUrl: memberLink,
      });
      if (idempotency)
        await recordAnswer(tx, idempotency.key, { ticketId: ticket.id, statusCode: 201, body });
      return { kind: 'created', statusCode: 201, body, memberLink } as const;
    });
  } catch (error) {
    if (error instanceof KeyTaken) return { kind: 'key-taken' };
    throw error;
  }
}
