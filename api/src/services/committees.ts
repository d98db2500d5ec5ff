import { asc, eq, sql } from 'drizzle-orm';
import type { Committee } from 'shared-contracts/contracts';
import type { AppDatabase } from '../db/database';
import { isUniqueViolation } from '../db/errors';
import { cityCommittees, committees } from '../db/schema';
import { conflict, notFound } from '../httpError';

const committeeSelection = { id: committees.id, name: committees.name };
const byName = [sql`lower(${committees.name})`, asc(committees.name)] as const;

/** GET /committees/getAllCommittees: every committee by name, or only those one city runs. */
export function listCommittees(db: AppDatabase, cityId?: number): Promise<Committee[]> {
  if (cityId === undefined) {
    return db
      .select(committeeSelection)
      .from(committees)
      .orderBy(...byName);
  }
  return db
    .select(committeeSelection)
    .from(committees)
    .innerJoin(cityCommittees, eq(cityCommittees.committeeId, committees.id))
    .where(eq(cityCommittees.cityId, cityId))
    .orderBy(...byName);
}

export async function getCommittee(db: AppDatabase, id: number): Promise<Committee> {
  const [committee] = await db.select(committeeSelection).from(committees).where(eq(committees.id, id));
  if (!committee) throw notFound('Committee not found');
  return committee;
}

/** POST /committees: its name is unique whatever its case. */
export async function createCommittee(db: AppDatabase, name: string): Promise<Committee> {
  try {
    const [created] = await db.insert(committees).values({ name }).returning(committeeSelection);
    if (!created) throw new Error('insert returned no row');
    return created;
  } catch (error) {
    if (isUniqueViolation(error, 'committees_name_lower_unique')) {
      throw conflict(`A committee named ${name} already exists`, 'name');
    }
    throw error;
  }
}
