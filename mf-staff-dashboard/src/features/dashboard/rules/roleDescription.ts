import { normaliseRole } from 'shared-contracts';

/** docs/product.md#overview: the role-specific text of the dashboard information card. */
const DESCRIPTIONS: Record<string, string> = {
  citypresident: 'The City President reviews, approves, rejects or resolves tickets of their city.',
  convenor: 'The Convenor manages tickets approved by City Presidents.',
  observer:
    "The Observer gives an additional review of tickets approved by City Presidents, and the observer's approval is needed for final approval.",
  admin: 'Admin has full access to tickets and users.',
  credaipresident: 'CredaiPresident oversees all cities.',
};

/** The information card text of a role, or null when the first description of the product gives none (governor, customer, unknown). */
export function roleDescription(role: string | null | undefined): string | null {
  return DESCRIPTIONS[normaliseRole(role)] ?? null;
}
