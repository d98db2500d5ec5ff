/**
 * The report's filters as the address carries them (`?range=lastQuarter&city=2&committee=3&
 * status=resolved&project=12`, the chapter and committee by id as the api takes them, or `?range=custom&from=2026-01-05&to=2026-02-10`), so a reload, a shared link
 * or a drill from the league table shows the same report. Anything unreadable in the address is
 * no filter: a stale or edited link never breaks the page.
 */
import { coercedIdSchema, TICKET_STATUSES, type TicketStatus } from 'shared-contracts';
import { type DayRange, isDay, presetRange, RANGE_PRESETS, type RangePreset } from './dateRange';

export const REPORT_PARAMS = {
  range: 'range',
  from: 'from',
  to: 'to',
  city: 'city',
  committee: 'committee',
  status: 'status',
  project: 'project',
} as const;

/** The range a report opens with. */
export const DEFAULT_PRESET: RangePreset = 'thisMonth';

export interface ReportFilters extends DayRange {
  preset: RangePreset;
  /** A chapter's id. */
  city: number | null;
  /** A committee's id. */
  committee: number | null;
  status: TicketStatus | null;
  /** A RERA project's id (ADR 0055). */
  project: number | null;
}

const isPreset = (value: string | null): value is RangePreset =>
  (RANGE_PRESETS as readonly (string | null)[]).includes(value);
const isStatus = (value: string | null): value is TicketStatus =>
  (TICKET_STATUSES as readonly (string | null)[]).includes(value);
function idOf(value: string | null): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const parsed = coercedIdSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * The filters of an address on `today`. A custom range needs two real days in order; otherwise the
 * default preset applies. `cityLocked` (a city role): no city from the address, the api answers
 * with the role's own city whatever is asked.
 */
export function filtersOf(params: URLSearchParams, today: Date, cityLocked = false): ReportFilters {
  const asked = params.get(REPORT_PARAMS.range);
  let preset: RangePreset = isPreset(asked) ? asked : DEFAULT_PRESET;
  let range = presetRange(preset, today);
  if (!range) {
    const from = params.get(REPORT_PARAMS.from);
    const to = params.get(REPORT_PARAMS.to);
    if (isDay(from) && isDay(to) && from <= to) range = { from, to };
    else {
      preset = DEFAULT_PRESET;
      range = presetRange(preset, today) as DayRange;
    }
  }
  const status = params.get(REPORT_PARAMS.status);
  return {
    preset,
    ...range,
    city: cityLocked ? null : idOf(params.get(REPORT_PARAMS.city)),
    committee: idOf(params.get(REPORT_PARAMS.committee)),
    status: isStatus(status) ? status : null,
    project: idOf(params.get(REPORT_PARAMS.project)),
  };
}

/**
 * The address of some filters: only what differs from the defaults, and the days only for a custom
 * range (a preset is recomputed on the day the link is opened).
 */
export function paramsOf(filters: ReportFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.preset !== DEFAULT_PRESET) params.set(REPORT_PARAMS.range, filters.preset);
  if (filters.preset === 'custom') {
    params.set(REPORT_PARAMS.from, filters.from);
    params.set(REPORT_PARAMS.to, filters.to);
  }
  if (filters.city) params.set(REPORT_PARAMS.city, String(filters.city));
  if (filters.committee) params.set(REPORT_PARAMS.committee, String(filters.committee));
  if (filters.status) params.set(REPORT_PARAMS.status, filters.status);
  if (filters.project) params.set(REPORT_PARAMS.project, String(filters.project));
  return params;
}

/** Choosing a preset: its days, or for 'custom' the days shown so far, to be changed by the pickers. */
export function withPreset(filters: ReportFilters, preset: RangePreset, today: Date): ReportFilters {
  return { ...filters, preset, ...(presetRange(preset, today) ?? { from: filters.from, to: filters.to }) };
}

/** Picking a custom day: the other end moves along when the two would be out of order. */
export function withCustomDay(filters: ReportFilters, end: 'from' | 'to', day: string): ReportFilters {
  const next = { ...filters, preset: 'custom' as const, [end]: day };
  if (next.from > next.to) {
    if (end === 'from') next.to = day;
    else next.from = day;
  }
  return next;
}

/** The filters as the report calls take them (`ReportFilterInput`): what is not chosen is left out. */
export function queryOf(filters: ReportFilters): {
  from: string;
  to: string;
  city?: number;
  committee?: number;
  status?: TicketStatus;
  projectId?: number;
} {
  return {
    from: filters.from,
    to: filters.to,
    ...(filters.city ? { city: filters.city } : {}),
    ...(filters.committee ? { committee: filters.committee } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.project ? { projectId: filters.project } : {}),
  };
}
