/**
 * The City and Committee lists of the form (spec §7: GET /cities/getAllCities and
 * GET /committees/getAllCommittees). When a list cannot be loaded, the form keeps working with
 * the default list: the last list this device loaded (empty on a first visit), and the warning
 * of spec §8 with Retry Loading:
 * - 'API data unavailable.' when the server answered without usable data (an answer that is
 *   not the expected shape, or an empty list);
 * - 'Failed to load from server.' when the call failed (no answer, an error status).
 */
import {
  type City,
  type Committee,
  listCities,
  listCommittees,
  MESSAGES,
  toApiError,
} from 'shared-contracts';

export const FORM_OPTIONS_STORAGE_KEY = 'helpdesk.intakeFormOptions';

export interface NamedOption {
  id: number;
  name: string;
}

export interface StoredOptions {
  cities: NamedOption[];
  committees: NamedOption[];
}

function isOptionList(value: unknown): value is NamedOption[] {
  return (
    Array.isArray(value) &&
    value.every(
      (item) =>
        typeof item === 'object' &&
        item !== null &&
        typeof (item as NamedOption).id === 'number' &&
        typeof (item as NamedOption).name === 'string',
    )
  );
}

/** The lists this device last loaded (the default lists). */
export function storedOptions(): StoredOptions {
  try {
    const stored = JSON.parse(globalThis.localStorage?.getItem(FORM_OPTIONS_STORAGE_KEY) ?? '{}') as Partial<
      Record<keyof StoredOptions, unknown>
    >;
    return {
      cities: isOptionList(stored.cities) ? stored.cities : [],
      committees: isOptionList(stored.committees) ? stored.committees : [],
    };
  } catch {
    return { cities: [], committees: [] };
  }
}

function store(kind: keyof StoredOptions, list: NamedOption[]): void {
  try {
    globalThis.localStorage?.setItem(
      FORM_OPTIONS_STORAGE_KEY,
      JSON.stringify({ ...storedOptions(), [kind]: list }),
    );
  } catch {
    // Storage disabled or full: the lists load again next time.
  }
}

export type OptionsResult =
  | { ok: true; list: NamedOption[] }
  | { ok: false; list: NamedOption[]; warning: string };

const WARNINGS = {
  cities: { unavailable: MESSAGES.citiesFallback, failed: MESSAGES.citiesFailed },
  committees: { unavailable: MESSAGES.committeesFallback, failed: MESSAGES.committeesFailed },
} as const;

async function load(
  kind: keyof StoredOptions,
  fetchList: () => Promise<readonly (City | Committee)[]>,
): Promise<OptionsResult> {
  try {
    const list = (await fetchList()).map(({ id, name }) => ({ id, name }));
    if (list.length === 0)
      return { ok: false, list: storedOptions()[kind], warning: WARNINGS[kind].unavailable };
    store(kind, list);
    return { ok: true, list };
  } catch (error) {
    const unavailable = toApiError(error).message === MESSAGES.invalidResponseFormat;
    return {
      ok: false,
      list: storedOptions()[kind],
      warning: unavailable ? WARNINGS[kind].unavailable : WARNINGS[kind].failed,
    };
  }
}

export function loadCities(): Promise<OptionsResult> {
  return load('cities', async () => (await listCities()).cities);
}

export function loadCommittees(): Promise<OptionsResult> {
  return load('committees', async () => (await listCommittees()).committees);
}
