/**
 * The register of RERA projects (ADR 0055): the public typeahead, the admins' additions and
 * edits, and the staff project page (its tickets by status within what the caller may see).
 */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  errorMessage,
  normaliseReraNumber,
  PROJECT_REGISTER_PAGE_SIZE,
  PROJECT_TYPEAHEAD_LIMIT,
  type Project,
  type ProjectDetailResponse,
  type ProjectInput,
  type PublicProject,
  reraNumberProblem,
  TICKET_STATUSES,
} from 'shared-contracts/contracts';
import type { AppDatabase, Writer } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { cities, projects, tickets } from '../../db/schema';
import { conflict, invalidField, notFound } from '../../httpError';
import { type AccessActor, staffScopeWhere } from '../tickets/access';

const projectColumns = {
  id: projects.id,
  reraNumber: projects.reraNumber,
  name: projects.name,
  promoter: projects.promoter,
  cityId: projects.cityId,
  city: cities.name,
  district: projects.district,
};

/** `%`, `_` and `\` of a typed text, matched literally by LIKE. */
export function likeEscaped(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * GET /projects?q=: at most PROJECT_TYPEAHEAD_LIMIT projects whose number starts with `q` or whose
 * name or promoter holds it, numbers first, then names starting with it, then by name. A `q` of
 * fewer than 2 characters finds nothing (a typeahead asks once a little is typed).
 */
export async function searchProjects(db: AppDatabase, q: string): Promise<PublicProject[]> {
  const text = q.trim().toLowerCase();
  if (text.length < 2) return [];
  const number = `${likeEscaped(normaliseReraNumber(q))}%`;
  const words = likeEscaped(text);
  const haystack = sql`lower(${projects.name} || ' ' || ${projects.promoter})`;
  const rows = await db
    .select({
      id: projects.id,
      reraNumber: projects.reraNumber,
      name: projects.name,
      promoter: projects.promoter,
      city: cities.name,
    })
    .from(projects)
    .innerJoin(cities, eq(cities.id, projects.cityId))
    .where(sql`(${projects.reraNumber} like ${number} or ${haystack} like ${`%${words}%`})`)
    .orderBy(
      sql`${projects.reraNumber} like ${number} desc`,
      sql`lower(${projects.name}) like ${`${words}%`} desc`,
      asc(projects.name),
      asc(projects.id),
    )
    .limit(PROJECT_TYPEAHEAD_LIMIT);
  return rows;
}

/** One project of the register, or a 404. */
export async function getProject(db: Writer, id: number): Promise<Project> {
  const [row] = await db
    .select(projectColumns)
    .from(projects)
    .innerJoin(cities, eq(cities.id, projects.cityId))
    .where(eq(projects.id, id));
  if (!row) throw notFound(errorMessage('projectNotFound'));
  return row;
}

/** GET /projects/register (admins): the register by name, a page at a time, `q` as the typeahead's. */
export async function listRegister(
  db: AppDatabase,
  q: string,
  page: number,
): Promise<{ projects: Project[]; total: number }> {
  const text = q.trim().toLowerCase();
  const where = text
    ? sql`(${projects.reraNumber} like ${`${likeEscaped(normaliseReraNumber(q))}%`} or lower(${projects.name} || ' ' || ${projects.promoter}) like ${`%${likeEscaped(text)}%`})`
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(projectColumns)
      .from(projects)
      .innerJoin(cities, eq(cities.id, projects.cityId))
      .where(where)
      .orderBy(asc(projects.name), asc(projects.id))
      .limit(PROJECT_REGISTER_PAGE_SIZE)
      .offset((page - 1) * PROJECT_REGISTER_PAGE_SIZE),
    db.select({ n: count() }).from(projects).where(where),
  ]);
  return { projects: rows, total: total?.n ?? 0 };
}

async function requireCity(db: Writer, cityId: number): Promise<void> {
  const [city] = await db.select({ id: cities.id }).from(cities).where(eq(cities.id, cityId));
  if (!city) throw invalidField('cityId', errorMessage('unknownCity'));
}

function duplicateNumber(error: unknown): never {
  if (isUniqueViolation(error, 'projects_rera_number_unique')) {
    throw conflict(errorMessage('projectExists'), 'reraNumber');
  }
  throw error;
}

/** POST /projects (admins). */
export async function createProject(db: AppDatabase, input: ProjectInput): Promise<Project> {
  return db.transaction(async (tx) => {
    await requireCity(tx, input.cityId);
    const [created] = await tx
      .insert(projects)
      .values(input)
      .returning({ id: projects.id })
      .catch(duplicateNumber);
    if (!created) throw new Error('insert returned no project');
    return getProject(tx, created.id);
  });
}

/** PUT /projects/{id} (admins): every field, the number too (still unique). */
export async function updateProject(db: AppDatabase, id: number, input: ProjectInput): Promise<Project> {
  return db.transaction(async (tx) => {
    await requireCity(tx, input.cityId);
    const [updated] = await tx
      .update(projects)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(projects.id, id))
      .returning({ id: projects.id })
      .catch(duplicateNumber);
    if (!updated) throw notFound(errorMessage('projectNotFound'));
    return getProject(tx, updated.id);
  });
}

/**
 * The project a submit names, by id (the typeahead) or RERA number (the form without scripts), or
 * a 400 naming the field; undefined when it names none.
 */
export async function resolveSubmitProject(
  db: Writer,
  input: { projectId?: number | undefined; reraNumber?: string | undefined },
): Promise<number | undefined> {
  if (input.projectId !== undefined) {
    const [row] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, input.projectId));
    if (!row) throw invalidField('projectId', errorMessage('selectProject'));
    return row.id;
  }
  if (input.reraNumber !== undefined) {
    const number = normaliseReraNumber(input.reraNumber);
    const problem = reraNumberProblem(number);
    if (problem) throw invalidField('reraNumber', errorMessage(problem));
    const [row] = await db.select({ id: projects.id }).from(projects).where(eq(projects.reraNumber, number));
    if (!row) throw invalidField('reraNumber', errorMessage('projectNotFound'));
    return row.id;
  }
  return undefined;
}

const OPEN_STATUSES = TICKET_STATUSES.filter((status) => status !== 'resolved' && status !== 'rejected');

/**
 * GET /projects/{id} (staff): the project and its tickets within the caller's scope, by status (the
 * same tickets the lists show with `projectId`), how many are open and overdue (by the api's
 * clock), and the oldest open one.
 */
export async function projectDetail(
  db: AppDatabase,
  actor: AccessActor,
  id: number,
  now: Date,
): Promise<ProjectDetailResponse> {
  const project = await getProject(db, id);
  // The lists' own scope, so a recused office bearer's counts leave out what they cannot open.
  const inScope = and(eq(tickets.projectId, id), staffScopeWhere(actor));
  const open = sql`${tickets.status} in (${sql.join(
    OPEN_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  )})`;
  const [byStatus, [overdue], [oldest]] = await Promise.all([
    db.select({ status: tickets.status, n: count() }).from(tickets).where(inScope).groupBy(tickets.status),
    db
      .select({ n: count() })
      .from(tickets)
      .where(and(inScope, sql`${tickets.dueAt} <= ${now.toISOString()}::timestamptz`)),
    db
      .select({ id: tickets.id, title: tickets.title, status: tickets.status, createdAt: tickets.createdAt })
      .from(tickets)
      .where(and(inScope, open))
      .orderBy(asc(tickets.createdAt), asc(tickets.id))
      .limit(1),
  ]);
  const counts = { total: 0, pending: 0, 'in-review': 0, approved: 0, resolved: 0, rejected: 0 };
  for (const row of byStatus) {
    counts[row.status] = row.n;
    counts.total += row.n;
  }
  return {
    project,
    counts,
    open: OPEN_STATUSES.reduce((sum, status) => sum + counts[status], 0),
    overdue: overdue?.n ?? 0,
    oldestOpen: oldest ? { ...oldest, createdAt: oldest.createdAt.toISOString() } : null,
  };
}
