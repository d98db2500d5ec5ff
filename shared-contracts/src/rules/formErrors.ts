import type * as z from 'zod';

/** The first message of each field of a failed parse (`{ mobile: 'Mobile number is required' }`). */
export function firstErrorPerField(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_form';
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

export type FormResult<T, F extends string> =
  | { ok: true; data: T; errors: Record<string, never> }
  | { ok: false; errors: Partial<Record<F | '_form', string>> };
