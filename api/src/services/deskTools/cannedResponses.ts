/**
 * Canned answers (ADR 0065) without the HTTP: the list a staff member may pick from (every
 * chapter's and their own chapter's), shown in one language with the variables filled for a
 * ticket, and the admins' and city presidents' writes. A city president keeps their own chapter's
 * answers only; admins keep every one, the association-wide ones (no chapter) among them.
 */
import { and, asc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import {
  type CannedLanguage,
  type CannedResponse,
  type CannedResponseInput,
  type CannedValues,
  fillCannedText,
  REPORT_TIME_ZONE,
  ticketIdDisplay,
} from 'shared-contracts/contracts';
import type { AppDatabase } from '../../db/database';
import { cannedResponses, cities, tickets, users } from '../../db/schema';
import { HttpError, invalidField, notFound } from '../../httpError';
import { aliasOf, seesIdentity } from '../recusal/shielding';
import { type AccessActor, canStaffSee, findTicketGate, staffScope } from '../tickets/access';
import { TICKET_NOT_FOUND } from '../tickets/notFound';

/** The caller as these calls need them. */
export type CannedActor = AccessActor & { fullName: string };

const NOT_FOUND = 'Canned answer not found';
/** The refusal of a change to another chapter's (or the association's) answer. */
export const NOT_YOUR_CHAPTER = "You may change only your own chapter's canned answers";
export const NOT_YOUR_CHAPTER_CODE = 'CANNED_OTHER_CHAPTER';

const selection = {
  id: cannedResponses.id,
  cityId: cannedResponses.cityId,
  city: cities.name,
  titleEn: cannedResponses.titleEn,
  titleHi: cannedResponses.titleHi,
  titleMr: cannedResponses.titleMr,
  textEn: cannedResponses.textEn,
  textHi: cannedResponses.textHi,
  textMr: cannedResponses.textMr,
  updatedAt: cannedResponses.updatedAt,
  uses: sql<number>`(select count(*)::int from canned_response_uses u where u.canned_response_id = ${cannedResponses.id})`,
};

type Row = {
  id: number;
  cityId: number | null;
  city: string | null;
  titleEn: string;
  titleHi: string;
  titleMr: string;
  textEn: string;
  textHi: string;
  textMr: string;
  updatedAt: Date;
  uses: number;
};

/** Whether the caller may change an answer of this chapter (null: every chapter's). */
export function mayKeep(actor: AccessActor, cityId: number | null): boolean {
  if (actor.role === 'admin') return true;
  return actor.role === 'citypresident' && actor.cityId !== null && cityId === actor.cityId;
}

function toAnswer(
  row: Row,
  actor: AccessActor,
  shown?: { lang: CannedLanguage; values: Partial<CannedValues> },
): CannedResponse {
  const title = { en: row.titleEn, hi: row.titleHi, mr: row.titleMr };
  const text = { en: row.textEn, hi: row.textHi, mr: row.textMr };
  return {
    id: row.id,
    cityId: row.cityId,
    city: row.city,
    title,
    text,
    ...(shown
      ? { shown: { title: title[shown.lang], text: fillCannedText(text[shown.lang], shown.values) } }
      : {}),
    uses: Number(row.uses),
    editable: mayKeep(actor, row.cityId),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A due time as the member's language writes a day ('12 December 2026', '१२ डिसेंबर २०२६'). */
export function dueDateText(dueAt: Date, lang: CannedLanguage): string {
  return new Intl.DateTimeFormat(`${lang}-IN`, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: REPORT_TIME_ZONE,
  }).format(dueAt);
}

/**
 * The ticket a reply goes into, as the variables need it: its chapter, its member's language, the
 * member's name as the caller may see it (a shielded member's alias for chapter staff, ADR 0049)
 * and the open stage's due time. 404 for a ticket the caller may not see.
 */
async function ticketForReply(db: AppDatabase, actor: CannedActor, ticketId: number) {
  const gate = await findTicketGate(db, ticketId);
  if (!gate || !canStaffSee(actor, gate)) throw notFound(TICKET_NOT_FOUND);
  const [row] = await db
    .select({
      id: tickets.id,
      cityId: tickets.cityId,
      language: tickets.language,
      dueAt: tickets.dueAt,
      shieldIdentity: tickets.shieldIdentity,
      memberAlias: tickets.memberAlias,
      memberName: sql<string>`coalesce(${tickets.submitterName}, ${users.fullName})`,
    })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.customerId))
    .where(eq(tickets.id, ticketId));
  if (!row) throw notFound(TICKET_NOT_FOUND);
  return row;
}

/**
 * GET /canned-responses: the answers the caller may use, by English title. With `ticketId`, those
 * of every chapter and the ticket's, shown in `lang` (else the member's language) with the variables
 * filled; a variable without a value (no open stage: no due date) stays as written, for the writer
 * to complete.
 */
export async function listCannedResponses(
  db: AppDatabase,
  actor: CannedActor,
  query: { lang?: CannedLanguage; ticketId?: number },
): Promise<{ cannedResponses: CannedResponse[]; lang?: CannedLanguage }> {
  let where: SQL | undefined;
  let shown: { lang: CannedLanguage; values: Partial<CannedValues> } | undefined;
  if (query.ticketId !== undefined) {
    const ticket = await ticketForReply(db, actor, query.ticketId);
    where = or(isNull(cannedResponses.cityId), eq(cannedResponses.cityId, ticket.cityId));
    const lang = query.lang ?? (ticket.language as CannedLanguage);
    const memberName = ticket.shieldIdentity && !seesIdentity(actor) ? aliasOf(ticket) : ticket.memberName;
    shown = {
      lang,
      values: {
        memberName,
        ticketNumber: ticketIdDisplay(ticket.id),
        officeBearer: actor.fullName,
        ...(ticket.dueAt ? { dueDate: dueDateText(ticket.dueAt, lang) } : {}),
      },
    };
  } else {
    const scope = staffScope(actor);
    if (scope.kind === 'city')
      where = or(isNull(cannedResponses.cityId), eq(cannedResponses.cityId, scope.cityId));
    else if (scope.kind === 'none') where = isNull(cannedResponses.cityId);
    if (query.lang) shown = { lang: query.lang, values: { officeBearer: actor.fullName } };
  }
  const rows = await db
    .select(selection)
    .from(cannedResponses)
    .leftJoin(cities, eq(cities.id, cannedResponses.cityId))
    .where(where)
    .orderBy(asc(sql`lower(${cannedResponses.titleEn})`), asc(cannedResponses.id));
  return {
    cannedResponses: rows.map((row) => toAnswer(row, actor, shown)),
    ...(shown ? { lang: shown.lang } : {}),
  };
}

async function readOne(db: AppDatabase, actor: AccessActor, id: number): Promise<CannedResponse> {
  const [row] = await db
    .select(selection)
    .from(cannedResponses)
    .leftJoin(cities, eq(cities.id, cannedResponses.cityId))
    .where(eq(cannedResponses.id, id));
  if (!row) throw notFound(NOT_FOUND);
  return toAnswer(row, actor);
}

function refused(): HttpError {
  return new HttpError(403, NOT_YOUR_CHAPTER, [
    { path: 'id', message: NOT_YOUR_CHAPTER, code: NOT_YOUR_CHAPTER_CODE },
  ]);
}

/**
 * The chapter a written answer belongs to: the one an admin chose (null: every chapter; it must
 * exist), a city president's own whatever was sent.
 */
async function chapterOf(
  db: AppDatabase,
  actor: AccessActor,
  input: CannedResponseInput,
): Promise<number | null> {
  if (actor.role !== 'admin') {
    if (actor.role !== 'citypresident' || actor.cityId === null) throw refused();
    return actor.cityId;
  }
  const cityId = input.cityId ?? null;
  if (cityId !== null) {
    const [city] = await db.select({ id: cities.id }).from(cities).where(eq(cities.id, cityId));
    if (!city) throw invalidField('cityId', 'No such city');
  }
  return cityId;
}

const columnsOf = (input: CannedResponseInput) => ({
  titleEn: input.title.en,
  titleHi: input.title.hi,
  titleMr: input.title.mr,
  textEn: input.text.en,
  textHi: input.text.hi,
  textMr: input.text.mr,
});

/** POST /canned-responses. */
export async function createCannedResponse(
  db: AppDatabase,
  actor: AccessActor,
  input: CannedResponseInput,
): Promise<CannedResponse> {
  const cityId = await chapterOf(db, actor, input);
  const [row] = await db
    .insert(cannedResponses)
    .values({ ...columnsOf(input), cityId, createdBy: actor.id, updatedBy: actor.id })
    .returning({ id: cannedResponses.id });
  if (!row) throw new Error('insert returned no canned answer');
  return readOne(db, actor, row.id);
}

/** The answer's chapter, after checking the caller may change it (404 when there is none). */
async function keptBy(db: AppDatabase, actor: AccessActor, id: number): Promise<void> {
  const [row] = await db
    .select({ cityId: cannedResponses.cityId })
    .from(cannedResponses)
    .where(eq(cannedResponses.id, id));
  if (!row) throw notFound(NOT_FOUND);
  if (!mayKeep(actor, row.cityId)) throw refused();
}

/** PUT /canned-responses/{id}. */
export async function updateCannedResponse(
  db: AppDatabase,
  actor: AccessActor,
  id: number,
  input: CannedResponseInput,
  now: Date,
): Promise<CannedResponse> {
  await keptBy(db, actor, id);
  const cityId = await chapterOf(db, actor, input);
  await db
    .update(cannedResponses)
    .set({ ...columnsOf(input), cityId, updatedBy: actor.id, updatedAt: now })
    .where(eq(cannedResponses.id, id));
  return readOne(db, actor, id);
}

/** DELETE /canned-responses/{id} (its uses go with it; the replies sent with it stay). */
export async function deleteCannedResponse(db: AppDatabase, actor: AccessActor, id: number): Promise<void> {
  await keptBy(db, actor, id);
  await db.delete(cannedResponses).where(and(eq(cannedResponses.id, id)));
}
