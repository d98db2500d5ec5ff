/** The names the OpenAPI document gives the operations and their groups (plugins/docs.ts, docs/adr/0062). */

/** The groups of the document, in the order the UI shows them (an operation's first path word). */
export const TAGS: { name: string; description: string }[] = [
  { name: 'health', description: 'Whether the api and its database answer' },
  { name: 'auth', description: 'Sign-in, the second factor, sessions' },
  { name: 'users', description: 'Staff accounts (admins)' },
  { name: 'cities', description: 'City chapters' },
  { name: 'committees', description: 'Committees of a city' },
  { name: 'tickets', description: 'Tickets: submit, lists, actions, conversation, links' },
  { name: 'members', description: "A member's private links, export and requests" },
  { name: 'files', description: 'Attachments and their view links' },
  { name: 'projects', description: 'The register of RERA projects' },
  { name: 'canned-responses', description: 'Canned answers in English, Hindi and Marathi (ADR 0065)' },
  { name: 'reports', description: 'Reports and their exports' },
  { name: 'sla', description: 'Service levels: stages, holidays, escalations' },
  { name: 'privacy', description: 'Retention, erasure, shielding' },
  { name: 'audit', description: 'The audit trail' },
  { name: 'messages', description: 'Emails and texts the outbox could not send' },
  { name: 'integrations', description: 'API tokens and webhooks (admins)' },
];
/** First path words that belong to another group than their own name. */
const TAG_OF_WORD: Record<string, string> = {
  admin: 'users',
  uploads: 'files',
  tokens: 'integrations',
  webhooks: 'integrations',
  phone: 'messages',
  'last-word': 'tickets',
  'mfa-policy': 'auth',
  appeals: 'tickets',
};

/** `/api/tickets/{id}/history` → its words: `tickets`, `{id}`, `history` (without `api`). */
function wordsOf(url: string): string[] {
  return url
    .replace(/:(\w+)/g, '{$1}')
    .split('/')
    .filter((word) => word.length > 0 && word !== 'api');
}

const pascal = (word: string) =>
  word
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join('');

/**
 * A stable operationId from the method and the path: `GET /api/tickets/{id}/history` →
 * `getTicketsByIdHistory`. The path is the api's contract, so the name changes only with it; a
 * route may still name itself (`schema.operationId`).
 */
export function operationIdOf(method: string, url: string): string {
  const words = wordsOf(url).map((word) => (word.startsWith('{') ? `By${pascal(word)}` : pascal(word)));
  return method.toLowerCase() + words.join('');
}

/** The group of an operation: the first word of its path after `api` (and `admin`). */
export function tagOf(url: string): string {
  const words = wordsOf(url);
  const [first, second] = words;
  const word = first === 'admin' && second && !second.startsWith('{') ? second : (first ?? 'health');
  return TAG_OF_WORD[word] ?? word;
}
