/**
 * What a ticket says of its project and links (ADR 0055, ADR 0056), apart from the register's
 * own schemas (projects.ts): the submit form (its typeahead too) and the ticket answers need only these, and a
 * first visit of /add-ticket should not download the admins' import and register schemas.
 */
import * as z from 'zod/mini';
import { errorMessage } from '../i18n/text';
import { idSchema } from './common';

/** Maharashtra's RERA registration numbers: `P` and 11 digits (`P52100012345`). */
export const MAHARASHTRA_RERA = /^P\d{11}$/;
/** Other states' numbers are kept as typed: letters, digits and the separators registers use. */
const OTHER_RERA = /^[A-Z0-9][A-Z0-9/.\-_]*$/;
/** The longest RERA number accepted (Karnataka's `PRM/KA/RERA/1251/446/PR/171015/000438` is 37). */
export const RERA_NUMBER_MAX = 60;
/** Projects the typeahead offers at most. */
export const PROJECT_TYPEAHEAD_LIMIT = 10;

/** A RERA number as the register writes it: upper case, without spaces. */
export function normaliseReraNumber(text: string): string {
  return text.trim().toUpperCase().replace(/\s+/g, '');
}

/**
 * Why a RERA number is refused, or null when it is fine: one that reads as Maharashtra's (`P`
 * then digits only) must be `P` + 11 digits; any other is accepted as typed if it is made of
 * letters, digits and `/ . - _`.
 */
export function reraNumberProblem(text: string): 'reraNumberFormat' | 'reraNumberInvalid' | null {
  const number = normaliseReraNumber(text);
  if (/^P\d+$/.test(number)) return MAHARASHTRA_RERA.test(number) ? null : 'reraNumberFormat';
  if (number.length < 3 || number.length > RERA_NUMBER_MAX || !OTHER_RERA.test(number)) {
    return 'reraNumberInvalid';
  }
  return null;
}

/** A RERA number in a body: normalised, then checked (400 naming the field otherwise). */
export const reraNumberSchema = z.pipe(
  z.string().check(
    z.maxLength(RERA_NUMBER_MAX * 2, { error: errorMessage('reraNumberInvalid'), abort: true }),
    z.refine((text) => reraNumberProblem(text) !== 'reraNumberFormat', errorMessage('reraNumberFormat')),
    z.refine((text) => reraNumberProblem(text) !== 'reraNumberInvalid', errorMessage('reraNumberInvalid')),
  ),
  z.transform(normaliseReraNumber),
);

/** A project as the typeahead shows it to anyone: its public facts only. */
export const publicProjectSchema = z.object({
  id: idSchema,
  reraNumber: z.string(),
  name: z.string(),
  promoter: z.string(),
  city: z.string(),
});
export type PublicProject = z.infer<typeof publicProjectSchema>;

/** GET /projects answer (the submit form's typeahead, the staff's project filter). */
export const projectsResponseSchema = z.object({ projects: z.array(publicProjectSchema) });
export type ProjectsResponse = z.infer<typeof projectsResponseSchema>;

/** A ticket's project, as the ticket carries it. */
export const ticketProjectSchema = z.object({ id: idSchema, reraNumber: z.string(), name: z.string() });
export type TicketProject = z.infer<typeof ticketProjectSchema>;

/**
 * One link as the staff see it on a ticket: `role` says what the other ticket is to this one
 * (`primary`: this is its duplicate; `duplicate`: it is this one's duplicate; `related`).
 */
export const ticketLinkSchema = z.object({
  ticketId: idSchema,
  role: z.enum(['primary', 'duplicate', 'related']),
  title: z.string(),
  /** The ticket's status (a status of TICKET_STATUSES). */
  status: z.string(),
});
export type TicketLink = z.infer<typeof ticketLinkSchema>;
