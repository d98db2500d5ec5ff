import type * as z from 'zod/mini';
import { fieldProblemSchema } from '../schemas/common';

/** The first message of each field of a failed parse (`{ mobile: 'Mobile number is required' }`). */
export function firstErrorPerField(error: z.core.$ZodError): Record<string, string> {
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

/**
 * The api's field problems (`details: [{ path, message }]` of a refused save, docs/product.md#errors)
 * as form errors: the first message of each field the form has; `mark` instead of the message
 * when the form shows the api's message elsewhere (a 409 names the field that clashes). Anything
 * else in `details` is ignored.
 */
export function fieldErrorsFromDetails<F extends string, V = string>(
  details: unknown,
  fields: readonly F[],
  mark?: V,
): Partial<Record<F, string | V>> {
  const errors: Partial<Record<F, string | V>> = {};
  if (!Array.isArray(details)) return errors;
  for (const item of details) {
    const problem = fieldProblemSchema.safeParse(item);
    if (!problem.success) continue;
    const field = problem.data.path as F;
    if (fields.includes(field) && !(field in errors))
      errors[field] = mark === undefined ? problem.data.message : mark;
  }
  return errors;
}
