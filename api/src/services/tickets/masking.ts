/**
 * What a link viewer sees of the member's contact details (docs/architecture.md#security-decisions): enough to recognise
 * them, not enough to harvest them. `9876543210` → `98******10`; `ravi@example.com` → `r***@example.com`.
 */
export function maskMobile(mobile: string | null | undefined): string | null {
  if (!mobile) return mobile ?? null;
  if (mobile.length <= 4) return '*'.repeat(mobile.length);
  return `${mobile.slice(0, 2)}${'*'.repeat(mobile.length - 4)}${mobile.slice(-2)}`;
}

export function maskEmail(email: string | null | undefined): string | null {
  if (!email) return email ?? null;
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
