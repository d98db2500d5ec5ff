/**
 * The City and Committee lists of the form (docs/product.md#calls: GET /cities/getAllCities and
 * GET /committees/getAllCommittees, read through the shared queries). When a list cannot be loaded, the form keeps working with
 * the default list: the last list this device loaded (empty on a first visit), and the warning
 * of docs/product.md#errors with Retry Loading:
 * - 'API data unavailable.' when the server answered without usable data (an answer that is
 *   not the expected shape, or an empty list);
 * - 'Failed to load from server.' when the call failed (no answer, an error status).
 */
import type { ApiError, City, Committee } from 'shared-contracts';
import { MESSAGES } from 'shared-contracts';

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

/** Remembers the server's list as the default list of this device. */
export function storeOptions(kind: keyof StoredOptions, list: NamedOption[]): void {
  try {
    globalThis.localStorage?.setItem(
      FORM_OPTIONS_STORAGE_KEY,
      JSON.stringify({ ...storedOptions(), [kind]: list }),
    );
  } catch {
    // Storage disabled or full: the lists load again next time.
  }
}

const WARNINGS = {
  cities: { unavailable: MESSAGES.citiesFallback, failed: MESSAGES.citiesFailed },
  committees: { unavailable: MESSAGES.committeesFallback, failed: MESSAGES.committeesFailed },
} as const;

/**
 * The list to offer and the warning to show, from the server's list (undefined while it loads or
 * when the call failed) and the call's error.
 */
export function optionsOutcome(
  kind: keyof StoredOptions,
  answer: readonly (City | Committee)[] | undefined,
  error: ApiError | null,
): { list: NamedOption[]; warning: string | null } {
  if (error) {
    const unavailable = error.message === MESSAGES.invalidResponseFormat;
    return { list: storedOptions()[kind], warning: WARNINGS[kind][unavailable ? 'unavailable' : 'failed'] };
  }
  if (!answer) return { list: storedOptions()[kind], warning: null };
  if (answer.length === 0) return { list: storedOptions()[kind], warning: WARNINGS[kind].unavailable };
  return { list: answer.map(({ id, name }) => ({ id, name })), warning: null };
}
