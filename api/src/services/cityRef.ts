import { eq, sql } from 'drizzle-orm';
import { MAX_ID } from 'shared-contracts/contracts';
import type { AppDatabase } from '../db/database';
import { cities } from '../db/schema';

export interface CityRow {
  id: number;
  name: string;
  convenorId: number | null;
}

const citySelection = { id: cities.id, name: cities.name, convenorId: cities.convenorId };

/**
 * The city a request names, by name (any case) or, failing that, by id: forms send the name
 * (docs/product.md#data user record), links and lookups may send the id. Undefined when there is none.
 */
export async function findCity(db: AppDatabase, reference: string): Promise<CityRow | undefined> {
  const value = reference.trim();
  if (!value) return undefined;
  const [byName] = await db
    .select(citySelection)
    .from(cities)
    .where(sql`lower(${cities.name}) = lower(${value})`);
  if (byName) return byName;
  if (!/^\d{1,10}$/.test(value) || Number(value) > MAX_ID || Number(value) < 1) return undefined;
  const [byId] = await db
    .select(citySelection)
    .from(cities)
    .where(eq(cities.id, Number(value)));
  return byId;
}

export async function findCityById(db: AppDatabase, id: number): Promise<CityRow | undefined> {
  const [row] = await db.select(citySelection).from(cities).where(eq(cities.id, id));
  return row;
}
