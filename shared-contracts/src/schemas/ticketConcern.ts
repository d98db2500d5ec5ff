/**
 * Whom a complaint is against and the submit form's boxes (ADR 0048, ADR 0049), apart from the
 * staff's declarations (interests.ts): the submit form needs only these.
 */
import * as z from 'zod/mini';
import { TEXT_LIMITS } from '../constants';
import { asName, optionalText } from './common';

/** The submit form's "against whom" name: optional, one line. */
export const againstNameSchema = z.pipe(
  z.optional(asName(optionalText(TEXT_LIMITS.name))),
  // Inner runs of spaces made one, as a declaration's name is compared.
  z.transform((value) => (value ? value.replace(/\s+/g, ' ') : undefined)),
);

/** A ticked box of the submit form (the multipart value `true`); anything else a box sends is no. */
export const submitBoxSchema = z.pipe(
  z.optional(z.enum(['', 'true', 'false'], { error: 'A box is ticked or not' })),
  z.transform((value) => value === 'true'),
);
