/**
 * The demo's register of RERA projects (ADR 0055): made-up projects in the demo cities, with
 * Maharashtra numbers in the register's form (`P` + the district's 5 digits + a 6-digit serial),
 * and a share of the demo tickets filed against them, so the typeahead, the project page and the
 * project filter have something to show.
 */
import { sql } from 'drizzle-orm';
import type { Writer } from '../db/database';
import { projects } from '../db/schema';

interface DemoProject {
  reraNumber: string;
  name: string;
  promoter: string;
  city: string;
  district: string;
}

export const DEMO_PROJECTS: readonly DemoProject[] = [
  {
    reraNumber: 'P52100012345',
    name: 'Sahyadri Heights',
    promoter: 'Deccan Realty LLP',
    city: 'Pune',
    district: 'Pune',
  },
  {
    reraNumber: 'P52100023456',
    name: 'Riverfront Residency',
    promoter: 'Mula Mutha Builders',
    city: 'Pune',
    district: 'Pune',
  },
  {
    reraNumber: 'P52100034567',
    name: 'Shaniwar Greens',
    promoter: 'Peshwa Developers',
    city: 'Pune',
    district: 'Pune',
  },
  {
    reraNumber: 'P52100045678',
    name: 'Hinjewadi Tech Towers',
    promoter: 'Deccan Realty LLP',
    city: 'Pune',
    district: 'Pune',
  },
  {
    reraNumber: 'P51800001122',
    name: 'Marine Vista',
    promoter: 'Konkan Coast Constructions',
    city: 'Mumbai',
    district: 'Mumbai Suburban',
  },
  {
    reraNumber: 'P51800002233',
    name: 'Andheri Skyline',
    promoter: 'Western Line Estates',
    city: 'Mumbai',
    district: 'Mumbai Suburban',
  },
  {
    reraNumber: 'P51900003344',
    name: 'Colaba Court',
    promoter: 'Gateway Homes',
    city: 'Mumbai',
    district: 'Mumbai City',
  },
  {
    reraNumber: 'P50500004455',
    name: 'Orange City Enclave',
    promoter: 'Vidarbha Infra',
    city: 'Nagpur',
    district: 'Nagpur',
  },
  {
    reraNumber: 'P50500005566',
    name: 'Futala Lakeview',
    promoter: 'Vidarbha Infra',
    city: 'Nagpur',
    district: 'Nagpur',
  },
  {
    reraNumber: 'P51600006677',
    name: 'Godavari Gardens',
    promoter: 'Panchavati Builders',
    city: 'Nashik',
    district: 'Nashik',
  },
  {
    reraNumber: 'P51700007788',
    name: 'Upvan Lake Residences',
    promoter: 'Yeoor Hills Developers',
    city: 'Thane',
    district: 'Thane',
  },
  {
    reraNumber: 'P53000008899',
    name: 'Panchganga Park',
    promoter: 'Mahalaxmi Constructions',
    city: 'Kolhapur',
    district: 'Kolhapur',
  },
];

/** Every third demo ticket of a city is about one of its projects (by ticket id, the same each seed). */
const SHARE = 3;

/** Adds the demo projects (cities by name) and files a share of the demo tickets against them. */
export async function seedDemoProjects(db: Writer, cityIds: Map<string, number>): Promise<void> {
  const rows = DEMO_PROJECTS.flatMap(({ city, ...project }) => {
    const cityId = cityIds.get(city);
    return cityId === undefined ? [] : [{ ...project, cityId }];
  });
  if (rows.length === 0) return;
  await db.insert(projects).values(rows).onConflictDoNothing();
  // The tickets of each city in turn over its projects: every SHARE-th ticket of a city (by id)
  // takes the city's next project.
  await db.execute(sql`with ranked as (
      select id, city_id, row_number() over (partition by city_id order by id) as n from tickets
    ), plist as (select city_id, array_agg(id order by id) as ids from projects group by city_id)
    update tickets t set project_id = plist.ids[1 + ((r.n / ${SHARE} - 1) % cardinality(plist.ids))]
    from ranked r join plist on plist.city_id = r.city_id
    where r.id = t.id and r.n % ${SHARE} = 0`);
}
