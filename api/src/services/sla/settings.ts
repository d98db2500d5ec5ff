/**
 * Chapter calendars and SLA settings (docs/architecture.md#time-and-service-levels): the default
 * calendar and the association's defaults apply until an admin saves their own.
 */
import { eq, sql } from 'drizzle-orm';
import {
  type ChapterCalendar,
  type ChapterCalendarResponse,
  type ChapterSlaResponse,
  chapterCalendarSchema,
  DEFAULT_CALENDAR,
  DEFAULT_SLA,
  effectiveSla,
  type SlaOverrides,
  type SlaSettings,
  slaOverridesSchema,
  slaSettingsSchema,
} from 'shared-contracts/contracts';
import type { AppDatabase, Writer } from '../../db/database';
import { rowsOf } from '../../db/rows';
import { chapterSettings, cities, slaDefaults } from '../../db/schema';
import { notFound } from '../../httpError';

/** What a stage is timed by in one chapter. */
export interface ChapterTime {
  calendar: ChapterCalendar;
  sla: Required<SlaSettings>;
}

/** A stored JSON value as its schema reads it, or the fallback when it no longer parses. */
function parsedOr<T>(
  schema: { safeParse(value: unknown): { success: boolean; data?: T } },
  value: unknown,
  fallback: T,
): T {
  if (value == null) return fallback;
  const parsed = schema.safeParse(typeof value === 'string' ? JSON.parse(value) : value);
  return parsed.success ? (parsed.data as T) : fallback;
}

/** The calendar and effective SLA of a chapter, in one read (the calls that open stages use it). */
export async function chapterTime(tx: Writer, cityId: number): Promise<ChapterTime> {
  const rows = await tx.execute(sql`
    select cs.calendar, cs.sla, (select settings from sla_defaults where id = 1) as defaults
    from (select 1) one left join chapter_settings cs on cs.city_id = ${cityId}`);
  const { calendar, sla, defaults } = rowsOf<Record<string, unknown>>(rows)[0] ?? {};
  return {
    calendar: parsedOr(chapterCalendarSchema, calendar, DEFAULT_CALENDAR),
    sla: effectiveSla(
      parsedOr(slaSettingsSchema, defaults, DEFAULT_SLA),
      parsedOr(slaOverridesSchema, sla, {}),
    ),
  };
}

async function requireCity(db: AppDatabase, cityId: number): Promise<void> {
  const [city] = await db.select({ id: cities.id }).from(cities).where(eq(cities.id, cityId));
  if (!city) throw notFound('City not found');
}

export async function getChapterCalendar(db: AppDatabase, cityId: number): Promise<ChapterCalendarResponse> {
  await requireCity(db, cityId);
  return { cityId, calendar: (await chapterTime(db, cityId)).calendar };
}

export async function putChapterCalendar(
  db: AppDatabase,
  cityId: number,
  calendar: ChapterCalendar,
): Promise<ChapterCalendarResponse> {
  await requireCity(db, cityId);
  await db
    .insert(chapterSettings)
    .values({ cityId, calendar })
    .onConflictDoUpdate({ target: chapterSettings.cityId, set: { calendar, updatedAt: sql`now()` } });
  return { cityId, calendar };
}

/** The association's defaults, every field present (settings saved before a field existed get its product default). */
export async function getSlaDefaults(db: AppDatabase): Promise<Required<SlaSettings>> {
  const [row] = await db.select({ settings: slaDefaults.settings }).from(slaDefaults);
  return effectiveSla(parsedOr(slaSettingsSchema, row?.settings, DEFAULT_SLA), null);
}

export async function putSlaDefaults(db: AppDatabase, settings: SlaSettings): Promise<SlaSettings> {
  await db
    .insert(slaDefaults)
    .values({ id: 1, settings })
    .onConflictDoUpdate({ target: slaDefaults.id, set: { settings, updatedAt: sql`now()` } });
  return settings;
}

/** The overrides as stored, every field present (null: the default). */
function fullOverrides(overrides: SlaOverrides): Required<{ [K in keyof SlaOverrides]: number | null }> {
  return {
    reviewHours: overrides.reviewHours ?? null,
    resolutionHours: overrides.resolutionHours ?? null,
    approvalHours: overrides.approvalHours ?? null,
    maxExtensions: overrides.maxExtensions ?? null,
    maxExtraDays: overrides.maxExtraDays ?? null,
    ratingWindowDays: overrides.ratingWindowDays ?? null,
    reopenWindowDays: overrides.reopenWindowDays ?? null,
  };
}

export async function getChapterSla(db: AppDatabase, cityId: number): Promise<ChapterSlaResponse> {
  await requireCity(db, cityId);
  const [row] = await db
    .select({ sla: chapterSettings.sla })
    .from(chapterSettings)
    .where(eq(chapterSettings.cityId, cityId));
  const overrides = fullOverrides(parsedOr(slaOverridesSchema, row?.sla, {}));
  return { cityId, overrides, effective: effectiveSla(await getSlaDefaults(db), overrides) };
}

export async function putChapterSla(
  db: AppDatabase,
  cityId: number,
  overrides: SlaOverrides,
): Promise<ChapterSlaResponse> {
  await requireCity(db, cityId);
  const sla = fullOverrides(overrides);
  await db
    .insert(chapterSettings)
    .values({ cityId, sla })
    .onConflictDoUpdate({ target: chapterSettings.cityId, set: { sla, updatedAt: sql`now()` } });
  return { cityId, overrides: sla, effective: effectiveSla(await getSlaDefaults(db), sla) };
}
