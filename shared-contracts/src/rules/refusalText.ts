/**
 * The text of a refused call of the member's last word, chosen by its stable code
 * (docs/architecture.md#the-members-last-word; ADR 0024): `details[].code` (`ALREADY_RATED`,
 * `REOPEN_WINDOW_CLOSED`, …) names the catalogue's `errors` entry, in the page's language, whatever
 * English the answer's `error` carries. Without a known code, the error's message is matched as
 * every other error is (`errorText`).
 */
import { errorText, type Translate } from '../i18n/text';
import { LAST_WORD_REFUSALS, type LastWordRefusalKey, refusalCode } from '../schemas/lastWord';

const KEY_OF_CODE = new Map<string, LastWordRefusalKey>(
  (Object.entries(LAST_WORD_REFUSALS) as [LastWordRefusalKey, string][]).map(([key, code]) => [code, key]),
);

export function refusalText(
  t: Translate,
  error: { message?: string | null; details?: unknown } | null | undefined,
): string {
  const key = KEY_OF_CODE.get(refusalCode(error?.details) ?? '') ?? null;
  return errorText(t, { message: error?.message ?? '', code: key });
}
