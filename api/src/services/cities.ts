import { and, asc, eq, sql } from 'drizzle-orm';
import type { City } from 'shared-contracts/contracts';
import type { AppDatabase } from '../db/database';
import { isUniqueViolation } from '../db/errors';
import { cities, cityCommittees, committees, users } from '../db/schema';
import { conflict, invalidField, notFound } from '../httpError';
import { type CityRow, findCityById } from './cityRef';

export function toCity(row: CityRow): City {
  return { id: row.id, name: row.name, convenorId: row.convenorId };
}

/** GET /cities/getAllCities: every city, by name whatever its case. */
export function listCities(db: AppDatabase): Promise<CityRow[]> {
  return db
    .select({ id: cities.id, name: cities.name, convenorId: cities.convenorId })
    .from(cities)
    .orderBy(sql`lower(${cities.name})`, asc(cities.name));
}

/** POST /cities: a new city; its name is unique whatever its case. */
export async function createCity(db: AppDatabase, name: string): Promise<CityRow> {
  try {
    const [created] = await db
      .insert(cities)
      .values({ name })
      .returning({ id: cities.id, name: cities.name, convenorId: cities.convenorId });
    if (!created) throw new Error('insert returned no row');
    return created;
  } catch (error) {
    if (isUniqueViolation(error, 'cities_name_lower_unique')) {
      throw conflict(`A city named ${name} already exists`, 'name');
    }
    throw error;
  }
}

async function requireCity(db: AppDatabase, id: number): Promise<CityRow> {
  const city = await findCityById(db, id);
  if (!city) throw notFound('City not found');
  return city;
}

/** POST /cities/committee/{id}/assign: the city runs this committee (again is fine). */
export async function assignCommittee(
  db: AppDatabase,
  cityId: number,
  committeeId: number,
): Promise<{ cityId: number; committeeId: number }> {
  await requireCity(db, cityId);
  const [committee] = await db
    .select({ id: committees.id })
    .from(committees)
    .where(eq(committees.id, committeeId));
  if (!committee) throw notFound('Committee not found');
  await db.insert(cityCommittees).values({ cityId, committeeId }).onConflictDoNothing();
  return { cityId, committeeId };
}

/** PUT /cities/{id}/convenor: `convenorId` must be an active convenor of that city. */
export async function setConvenor(db: AppDatabase, cityId: number, convenorId: number): Promise<CityRow> {
  return db.transaction(async (tx) => {
    const city = await requireCity(tx, cityId);
    // Locked until the update commits, so the user cannot stop being a convenor in between.
    const [convenor] = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.id, convenorId),
          eq(users.role, 'convenor'),
          eq(users.isActive, true),
          eq(users.cityId, cityId),
        ),
      )
      .for('share');
    if (!convenor) throw invalidField('convenorId', `Must be an active convenor of ${city.name}`);
    const [updated] = await tx
      .update(cities)
      .set({ convenorId, updatedAt: sql`now()` })
      .where(eq(cities.id, cityId))
      .returning({ id: cities.id, name: cities.name, convenorId: cities.convenorId });
    if (!updated) throw notFound('City not found');
    return updated;
  });
}
