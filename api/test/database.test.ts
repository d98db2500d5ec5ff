import { eq } from 'drizzle-orm';
import { appMeta } from '../src/db/schema';
import { APP_TIMEOUT_MS, buildTestApp } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

describe.each(databaseKinds)('database on %s', (kind) => {
  const database = useTestDatabase(kind);

  it(
    'is migrated at start and keeps its rows across a restart',
    async () => {
      const first = await buildTestApp(database());
      expect(first.dbKind).toBe(kind);
      await first.db.insert(appMeta).values({ key: 'probe', value: 'kept' });
      await first.close();

      // Starting again on the same database finds the migrations applied and the row there.
      const second = await buildTestApp(database());
      try {
        const rows = await second.db.select().from(appMeta).where(eq(appMeta.key, 'probe'));
        expect(rows).toEqual([{ key: 'probe', value: 'kept', updatedAt: expect.any(Date) }]);
      } finally {
        await second.close();
      }
    },
    APP_TIMEOUT_MS,
  );
});
