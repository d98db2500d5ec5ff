/**
 * Absences (docs/architecture.md#time-and-service-levels): a staff member away from one day to
 * another names a stand-in (`canStandIn`: same role or higher, of the same city for a city role);
 * while it lasts, new hand-offs and escalations meant for them go to the stand-in.
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import {
  type Absence,
  type AbsenceRequest,
  canStandIn,
  errorMessage,
  type StandIn,
} from 'shared-contracts/contracts';
import type { AppDatabase } from '../../db/database';
import { absences, cities, users } from '../../db/schema';
import { HttpError } from '../../httpError';

export interface AbsentUser {
  id: number;
  role: string;
  cityId: number | null;
}

async function people(db: AppDatabase, except: number): Promise<(StandIn & { cityId: number | null })[]> {
  const rows = await db
    .select({
      id: users.id,
      fullName: users.fullName,
      role: users.role,
      city: cities.name,
      cityId: users.cityId,
    })
    .from(users)
    .leftJoin(cities, eq(cities.id, users.cityId))
    .where(and(eq(users.isActive, true), ne(users.role, 'customer'), ne(users.id, except)))
    .orderBy(asc(users.fullName), asc(users.id));
  return rows;
}

function standInAllowed(
  user: AbsentUser & { city: string | null },
  candidate: StandIn & { cityId: number | null },
) {
  // Cities compared by id: two chapters never share one.
  return canStandIn(
    { id: user.id, role: user.role, city: user.cityId == null ? null : String(user.cityId) },
    {
      id: candidate.id,
      role: candidate.role,
      city: candidate.cityId == null ? null : String(candidate.cityId),
    },
  );
}

/** GET /users/me/stand-ins: the active staff who may stand in for `user`. */
export async function listStandIns(db: AppDatabase, user: AbsentUser): Promise<StandIn[]> {
  return (await people(db, user.id))
    .filter((candidate) => standInAllowed({ ...user, city: null }, candidate))
    .map(({ cityId: _cityId, ...standIn }) => standIn);
}

/** The user's absence, or null. */
export async function readAbsence(db: AppDatabase, userId: number): Promise<Absence | null> {
  const [row] = await db
    .select({
      from: absences.fromDate,
      to: absences.toDate,
      id: users.id,
      fullName: users.fullName,
      role: users.role,
      city: cities.name,
    })
    .from(absences)
    .innerJoin(users, eq(users.id, absences.standInId))
    .leftJoin(cities, eq(cities.id, users.cityId))
    .where(eq(absences.userId, userId));
  if (!row) return null;
  return {
    from: row.from,
    to: row.to,
    standIn: { id: row.id, fullName: row.fullName, role: row.role, city: row.city },
  };
}

/** POST /users/me/absence: sets (or replaces) the user's absence; a stand-in they may not name is a 422. */
export async function setAbsence(
  db: AppDatabase,
  user: AbsentUser,
  body: AbsenceRequest,
): Promise<Absence | null> {
  const candidate = (await people(db, user.id)).find((person) => person.id === body.standInId);
  if (!candidate || !standInAllowed({ ...user, city: null }, candidate)) {
    const message = errorMessage('standInNotAllowed');
    throw new HttpError(422, message, [{ path: 'standInId', message }]);
  }
  await db
    .insert(absences)
    .values({ userId: user.id, fromDate: body.from, toDate: body.to, standInId: body.standInId })
    .onConflictDoUpdate({
      target: absences.userId,
      set: { fromDate: body.from, toDate: body.to, standInId: body.standInId },
    });
  return readAbsence(db, user.id);
}

/** DELETE /users/me/absence. */
export async function clearAbsence(db: AppDatabase, userId: number): Promise<void> {
  await db.delete(absences).where(eq(absences.userId, userId));
}
