import { and, asc, count, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import {
  type AdminUser,
  type RegisterAdminRequest,
  type Role,
  type SessionUser,
  USERS_PAGE_SIZE,
  type UserCreate,
  type UserFilterQuery,
  type UserListQuery,
  type UserUpdate,
} from 'shared-contracts/contracts';
import type { AppDatabase, RunSql } from '../db/database';
import { isUniqueViolation } from '../db/errors';
import { cities, users } from '../db/schema';
import { conflict, HttpError, invalidField, notFound } from '../httpError';
import { type AuditActor, recordAudit } from './audit';
import { type CityRow, findCity } from './cityRef';
import { passwordProblem } from './commonPasswords';
import { hashPassword } from './passwords';

/** A password being set is refused (400) when it is common or contains the person's name or email (ADR 0054). */
function assertPasswordAcceptable(
  password: string | undefined,
  person: { fullName?: string; email?: string },
): void {
  if (password === undefined) return;
  const problem = passwordProblem(password, person);
  if (problem) throw invalidField('password', problem);
}

/** A user as the api works with it: never the password hash, always the city's name beside its id. */
export interface UserRecord {
  id: number;
  fullName: string;
  email: string;
  mobile: string;
  role: Role;
  cityId: number | null;
  cityName: string | null;
  committee: string | null;
  isActive: boolean;
  tokenVersion: number;
  createdAt: Date;
}

const userSelection = {
  id: users.id,
  fullName: users.fullName,
  email: users.email,
  mobile: users.mobile,
  role: users.role,
  cityId: users.cityId,
  cityName: cities.name,
  committee: users.committee,
  isActive: users.isActive,
  tokenVersion: users.tokenVersion,
  createdAt: users.createdAt,
};

function selectUsers(db: AppDatabase) {
  return db.select(userSelection).from(users).leftJoin(cities, eq(users.cityId, cities.id));
}

/** The admin user record of docs/product.md#data (no password, ever). */
export function toAdminUser(user: UserRecord): AdminUser {
  return {
    id: user.id,
    fullName: user.fullName,
    email: user.email,
    mobile: user.mobile,
    city: user.cityName ?? '',
    committee: user.committee,
    role: user.role,
    isActive: user.isActive,
    createdAt: user.createdAt.toISOString(),
  };
}

/** The signed-in user of the login and check answers. */
export function toSessionUser(user: UserRecord): SessionUser {
  return { id: user.id, fullName: user.fullName, email: user.email, role: user.role, city: user.cityName };
}

export async function findUserById(db: AppDatabase, id: number): Promise<UserRecord | undefined> {
  const [user] = await selectUsers(db).where(eq(users.id, id));
  return user;
}

// findUserById's statement as text, prepared once per connection: it runs on every signed-in request.
const SESSION_USER_SQL = `select u.id, u.full_name as "fullName", u.email, u.mobile, u.role,
  u.city_id as "cityId", c.name as "cityName", u.committee, u.is_active as "isActive",
  u.token_version as "tokenVersion", u.created_at as "createdAt"
from users u left join cities c on c.id = u.city_id where u.id = $1`;

/** The same as findUserById, without drizzle's query building: the user behind a token. */
export async function findSessionUser(runSql: RunSql, id: number): Promise<UserRecord | undefined> {
  const [user] = await runSql<UserRecord>({ text: SESSION_USER_SQL, values: [id], prepare: true });
  return user;
}

/** The user with this email (any case) and their password hash, for sign-in. */
export async function findUserForLogin(
  db: AppDatabase,
  email: string,
): Promise<(UserRecord & { passwordHash: string }) | undefined> {
  const [user] = await db
    .select({ ...userSelection, passwordHash: users.passwordHash })
    .from(users)
    .leftJoin(cities, eq(users.cityId, cities.id))
    .where(sql`lower(${users.email}) = lower(${email})`)
    // A staff account and a member record may share an email (ADR 0030): the staff account signs in.
    .orderBy(sql`(${users.role} = 'customer')`)
    .limit(1);
  return user;
}

export async function getUser(db: AppDatabase, id: number): Promise<UserRecord> {
  const user = await findUserById(db, id);
  if (!user) throw notFound('User not found');
  return user;
}

/** `%term%` for ILIKE, with the pattern characters of the term itself taken literally. */
function containing(term: string): string {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** GET /admin/users: one page, ordered by id, with the total for the pagination. */
export async function listUsers(
  db: AppDatabase,
  query: UserListQuery,
): Promise<{ users: UserRecord[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.role) conditions.push(eq(users.role, query.role));
  if (query.search) {
    const pattern = containing(query.search);
    const matches = or(
      ilike(users.fullName, pattern),
      ilike(users.email, pattern),
      ilike(users.mobile, pattern),
      ilike(cities.name, pattern),
    );
    if (matches) conditions.push(matches);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? USERS_PAGE_SIZE;
  // Both at once: on PostgreSQL they run on two pooled connections.
  const [rows, [counted]] = await Promise.all([
    selectUsers(db)
      .where(where)
      .orderBy(asc(users.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(users).leftJoin(cities, eq(users.cityId, cities.id)).where(where),
  ]);
  return { users: rows, total: counted?.total ?? 0 };
}

/** GET /admin/users/filter: every user of a role and/or city (an unknown city has none). */
export async function filterUsers(db: AppDatabase, query: UserFilterQuery): Promise<UserRecord[]> {
  const conditions: SQL[] = [];
  if (query.role) conditions.push(eq(users.role, query.role));
  if (query.city) {
    const city = await findCity(db, query.city);
    if (!city) return [];
    conditions.push(eq(users.cityId, city.id));
  }
  return selectUsers(db)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(asc(users.id));
}

/** Active city presidents, of one city when named (an unknown city has none). */
export async function listCityPresidents(db: AppDatabase, cityReference?: string): Promise<UserRecord[]> {
  const conditions: SQL[] = [eq(users.role, 'citypresident'), eq(users.isActive, true)];
  if (cityReference) {
    const city = await findCity(db, cityReference);
    if (!city) return [];
    conditions.push(eq(users.cityId, city.id));
  }
  return selectUsers(db)
    .where(and(...conditions))
    .orderBy(asc(cities.name), asc(users.id));
}

/**
 * Each city's active president's full name, by city id: for each city the one GET
 * /auth/city-president answers (the first by id), for /add-ticket's page (ADR 0081).
 */
export async function cityPresidentNames(db: AppDatabase): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  for (const president of await listCityPresidents(db))
    if (president.cityId !== null && !names.has(president.cityId))
      names.set(president.cityId, president.fullName);
  return names;
}

/** GET /auth/city-president/{city}: the city's active president, or 404 (no such city, or none). */
export async function getCityPresident(db: AppDatabase, cityReference: string): Promise<UserRecord> {
  const city = await findCity(db, cityReference);
  const [president] = city ? await listCityPresidents(db, String(city.id)) : [];
  if (!president) throw notFound('No city president found for this city');
  return president;
}

async function cityOf(db: AppDatabase, reference: string): Promise<CityRow> {
  const city = await findCity(db, reference);
  if (!city) throw invalidField('city', 'Unknown city');
  return city;
}

/**
 * No other user of the same kind (staff, or member record) has this email. A staff account and a
 * member record may share one (ADR 0030: the member record holds what was submitted with it).
 */
async function assertEmailFree(db: AppDatabase, email: string, role: Role, exceptId?: number): Promise<void> {
  const sameEmail = sql`lower(${users.email}) = lower(${email}) and (${users.role} = 'customer') = ${role === 'customer'}`;
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptId === undefined ? sameEmail : and(sameEmail, ne(users.id, exceptId)));
  if (taken) throw conflict('A user with this email already exists', 'email');
}

/** Product rule: a city has at most one active city president. */
async function assertPresidencyFree(
  db: AppDatabase,
  candidate: { role: Role; isActive: boolean; city: CityRow },
  exceptId?: number,
): Promise<void> {
  if (candidate.role !== 'citypresident' || !candidate.isActive) return;
  const conditions = [
    eq(users.role, 'citypresident'),
    eq(users.isActive, true),
    eq(users.cityId, candidate.city.id),
  ];
  if (exceptId !== undefined) conditions.push(ne(users.id, exceptId));
  const [sitting] = await db
    .select({ fullName: users.fullName, email: users.email })
    .from(users)
    .where(and(...conditions));
  if (sitting) {
    throw conflict(
      `${candidate.city.name} already has an active city president: ${sitting.fullName} (${sitting.email}). ` +
        'Deactivate them or change their role first.',
      'role',
    );
  }
}

/** Maps the constraints that back the checks above, for two admins saving at the same moment. */
function asConflict(error: unknown, city?: CityRow): never {
  if (isUniqueViolation(error, 'users_email_lower_unique')) {
    throw conflict('A user with this email already exists', 'email');
  }
  if (isUniqueViolation(error, 'users_one_active_city_president')) {
    throw conflict(`${city?.name ?? 'This city'} already has an active city president`, 'role');
  }
  throw error;
}

/** The columns the user form sets (create and update alike). */
function formColumns(input: UserCreate | UserUpdate, city: CityRow) {
  return {
    fullName: input.fullName,
    email: input.email,
    mobile: input.mobile,
    role: input.role,
    cityId: city.id,
    committee: input.committee || null,
    isActive: input.isActive,
  };
}

/** POST /admin/users/new. */
export async function createUser(
  db: AppDatabase,
  input: UserCreate,
  /** The admin, for the audit trail: its row is written in the same transaction. */
  auditActor?: AuditActor,
): Promise<UserRecord> {
  assertPasswordAcceptable(input.password, input);
  const passwordHash = await hashPassword(input.password); // never inside a transaction (PGlite)
  let city: CityRow | undefined;
  try {
    const id = await db.transaction(async (tx) => {
      city = await cityOf(tx, input.city);
      await assertEmailFree(tx, input.email, input.role);
      await assertPresidencyFree(tx, { role: input.role, isActive: input.isActive, city });
      const [created] = await tx
        .insert(users)
        .values({ ...formColumns(input, city), passwordHash })
        .returning({ id: users.id });
      if (!created) throw new Error('insert returned no row');
      if (auditActor) {
        await recordAudit(tx, {
          actor: auditActor,
          action: 'user.create',
          targetType: 'user',
          targetId: created.id,
          detail: { role: input.role, isActive: input.isActive },
        });
      }
      return created.id;
    });
    return getUser(db, id);
  } catch (error) {
    return asConflict(error, city);
  }
}

/**
 * POST /admin/users/{id}. A blank password keeps the current one. Deactivation, a new role, email
 * or password raise the token version, which revokes every token issued before. The last active
 * admin cannot be demoted or deactivated; a convenor who leaves the role or the city stops being
 * that city's chosen convenor.
 */
export async function updateUser(
  db: AppDatabase,
  id: number,
  input: UserUpdate,
  /** The admin, for the audit trail: its row (the names of the fields changed) is in the same transaction. */
  auditActor?: AuditActor,
): Promise<UserRecord> {
  assertPasswordAcceptable(input.password, input);
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  let city: CityRow | undefined;
  try {
    await db.transaction(async (tx) => {
      const [current] = await tx.select().from(users).where(eq(users.id, id)).for('update');
      if (!current) throw notFound('User not found');
      city = await cityOf(tx, input.city);
      await assertEmailFree(tx, input.email, input.role, id);
      await assertPresidencyFree(tx, { role: input.role, isActive: input.isActive, city }, id);
      const staysActiveAdmin = input.role === 'admin' && input.isActive;
      if (current.role === 'admin' && current.isActive && !staysActiveAdmin) {
        const [other] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.role, 'admin'), eq(users.isActive, true), ne(users.id, id)))
          .limit(1);
        if (!other) throw conflict('At least one active admin must remain', 'role');
      }
      const revoke =
        passwordHash !== undefined ||
        input.role !== current.role ||
        input.email !== current.email.toLowerCase() ||
        (current.isActive && !input.isActive);
      await tx
        .update(users)
        .set({
          ...formColumns(input, city),
          ...(passwordHash === undefined ? {} : { passwordHash }),
          ...(revoke ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, id));
      if (auditActor) {
        const after = formColumns(input, city);
        const fields = Object.keys(after) as (keyof typeof after)[];
        const changed: string[] = fields.filter((field) =>
          field === 'email' ? after.email !== current.email.toLowerCase() : after[field] !== current[field],
        );
        await recordAudit(tx, {
          actor: auditActor,
          action: 'user.update',
          targetType: 'user',
          targetId: id,
          detail: { changed: passwordHash === undefined ? changed : [...changed, 'password'] },
        });
      }
      const stillConvenorOf = input.role === 'convenor' && input.isActive ? city.id : null;
      await tx
        .update(cities)
        .set({ convenorId: null, updatedAt: sql`now()` })
        .where(
          stillConvenorOf === null
            ? eq(cities.convenorId, id)
            : and(eq(cities.convenorId, id), ne(cities.id, stillConvenorOf)),
        );
    });
  } catch (error) {
    return asConflict(error, city);
  }
  return getUser(db, id);
}

/** Fixed key of the advisory lock that serialises creating the first admin. */
const FIRST_ADMIN_LOCK = 7_413_902_552;

/** True once any admin exists, active or not: the first-admin call is then gone. */
export async function adminExists(db: AppDatabase): Promise<boolean> {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  return admin !== undefined;
}

/**
 * Creates an admin account. With `onlyIfNoAdmin` (POST /auth/register-admin) it is refused with
 * 403 once any admin exists, active or not; the lock makes two simultaneous calls create one.
 */
export async function createAdmin(
  db: AppDatabase,
  input: RegisterAdminRequest,
  { onlyIfNoAdmin }: { onlyIfNoAdmin: boolean },
): Promise<UserRecord> {
  assertPasswordAcceptable(input.password, input);
  const passwordHash = await hashPassword(input.password);
  try {
    const id = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_ADMIN_LOCK})`);
      if (onlyIfNoAdmin) {
        const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
        if (admin) {
          throw new HttpError(403, 'An admin already exists: ask an admin to create your account');
        }
      }
      await assertEmailFree(tx, input.email, 'admin');
      const [created] = await tx
        .insert(users)
        .values({
          fullName: input.fullName,
          email: input.email,
          mobile: input.mobile ?? '',
          role: 'admin',
          passwordHash,
        })
        .returning({ id: users.id });
      if (!created) throw new Error('insert returned no row');
      return created.id;
    });
    return getUser(db, id);
  } catch (error) {
    return asConflict(error);
  }
}
