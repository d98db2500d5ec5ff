/**
 * The checks every app's catalogue test runs (issue 20): Hindi and Marathi have exactly the
 * English keys, no empty text, the same `{{placeholders}}`, and no English left but names.
 */

type Tree = { readonly [key: string]: unknown };

/** Every text of a catalogue by its dotted key. */
export function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const texts = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') texts.set(path, value);
    else if (typeof value === 'object' && value !== null)
      for (const [inner, text] of flatten(value as Tree, path)) texts.set(inner, text);
  }
  return texts;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((match) => match[1]).sort();

/**
 * Latin words a translation may keep: file types and units, product and channel names, the
 * association's name. Anything else in Latin letters is English left untranslated.
 */
export const NAMES_KEPT_IN_LATIN = new Set([
  'PDF',
  'DOC',
  'DOCX',
  'JPG',
  'JPEG',
  'PNG',
  'MB',
  'CSV',
  'SMS',
  'WhatsApp',
  'Word',
  'CREDAI',
  // The real-estate regulator and its Maharashtra authority (a project's RERA number).
  'RERA',
  'MahaRERA',
  'ID',
  // The word a member texts to stop SMS and WhatsApp: the gateways and WhatsApp read it in Latin letters.
  'STOP',
  // Integrations (ADR 0063, 0064): the technical names an admin types or copies as they are.
  'API',
  'HTTPS',
  'https',
]);

/** The Latin words of a translated text that are not names (placeholders and email examples aside). */
export function englishLeft(text: string): string[] {
  // `$t(common:role.{{role}})` nests another catalogue text (a role's name): a key, not English.
  const stripped = text
    .replace(/\$t\([^)]*\)/g, ' ')
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .replace(/\S+@\S+/g, ' ');
  return [...stripped.matchAll(/[A-Za-z]{2,}/g)]
    .map((match) => match[0])
    .filter((word) => !NAMES_KEPT_IN_LATIN.has(word));
}

/** The problems of a translation against the English catalogue (empty when it is complete). */
export function catalogueProblems(english: Tree, translated: Tree): string[] {
  const source = flatten(english);
  const target = flatten(translated);
  const problems: string[] = [];
  for (const [key, text] of source) {
    const translation = target.get(key);
    if (translation === undefined) problems.push(`missing ${key}`);
    else if (!translation.trim()) problems.push(`empty ${key}`);
    else {
      if (placeholders(translation).join() !== placeholders(text).join())
        problems.push(
          `placeholders of ${key}: ${placeholders(translation).join()} for ${placeholders(text).join()}`,
        );
      const left = englishLeft(translation);
      if (left.length) problems.push(`English left in ${key}: ${left.join(' ')}`);
    }
  }
  for (const key of target.keys()) if (!source.has(key)) problems.push(`unknown ${key}`);
  return problems;
}
