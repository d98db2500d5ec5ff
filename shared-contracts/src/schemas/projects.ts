/**
 * The register of RERA projects and the links between tickets (ADR 0055, ADR 0056): what the
 * staff project page, the admins' screen and import, and the
 * duplicate links send and receive.
 */
import * as z from 'zod/mini';
import { TEXT_LIMITS } from '../constants';
import { errorMessage } from '../i18n/text';
import { asName, coercedIdSchema, countSchema, dateTimeSchema, idSchema, optionalText } from './common';
import { reraNumberSchema, ticketLinkSchema } from './ticketProject';

/** A project of the register (staff and admins). */
export const projectSchema = z.object({
  id: idSchema,
  reraNumber: z.string(),
  name: z.string(),
  promoter: z.string(),
  cityId: idSchema,
  city: z.string(),
  district: z.string(),
});
export type Project = z.infer<typeof projectSchema>;

/** GET /projects?q= (the typeahead: a name's, promoter's words or a number's start). */
export const projectsQuerySchema = z.object({
  q: z._default(optionalText(TEXT_LIMITS.search), ''),
});
export type ProjectsQuery = z.infer<typeof projectsQuerySchema>;

const projectName = asName(
  optionalText(TEXT_LIMITS.name).check(z.minLength(1, { error: errorMessage('fieldRequired'), abort: true })),
);

/** POST /projects and PUT /projects/{id} body (admins). */
export const projectInputSchema = z.object({
  reraNumber: reraNumberSchema,
  name: projectName,
  promoter: z._default(asName(optionalText(TEXT_LIMITS.name)), ''),
  cityId: idSchema,
  district: z._default(asName(optionalText(TEXT_LIMITS.name)), ''),
});
export type ProjectInput = z.infer<typeof projectInputSchema>;
export type ProjectInputForm = z.input<typeof projectInputSchema>;

/** POST /projects, PUT /projects/{id} answer. */
export const projectResponseSchema = z.object({ project: projectSchema });
export type ProjectResponse = z.infer<typeof projectResponseSchema>;

/** A ticket as the project page lists it (the oldest open one). */
export const projectTicketSchema = z.object({
  id: idSchema,
  title: z.string(),
  /** The ticket's status (a status of TICKET_STATUSES). */
  status: z.string(),
  createdAt: dateTimeSchema,
});

/**
 * GET /projects/{id} answer (staff, within what they may see): the project, its tickets by
 * status, how many are open and overdue, and the oldest open one.
 */
export const projectDetailResponseSchema = z.object({
  project: projectSchema,
  counts: z.object({
    total: countSchema,
    pending: countSchema,
    'in-review': countSchema,
    approved: countSchema,
    resolved: countSchema,
    rejected: countSchema,
  }),
  open: countSchema,
  overdue: countSchema,
  oldestOpen: z.nullable(projectTicketSchema),
});
export type ProjectDetailResponse = z.infer<typeof projectDetailResponseSchema>;

/** GET /projects/register (admins): the register, by name, a page at a time. */
export const projectRegisterQuerySchema = z.object({
  q: z._default(optionalText(TEXT_LIMITS.search), ''),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1),
});
export const projectRegisterResponseSchema = z.object({
  projects: z.array(projectSchema),
  total: countSchema,
});
export type ProjectRegisterResponse = z.infer<typeof projectRegisterResponseSchema>;
/** Projects per page of the register. */
export const PROJECT_REGISTER_PAGE_SIZE = 20;

/** The columns of an import file, in this order, under a header line naming them. */
export const PROJECT_CSV_COLUMNS = ['rera_number', 'name', 'promoter', 'city', 'district'] as const;

/** POST /projects/import query: `dryRun=true` changes nothing and says what would be done. */
export const projectImportQuerySchema = z.object({
  dryRun: z._default(
    z.pipe(
      z.enum(['true', 'false']),
      z.transform((value) => value === 'true'),
    ),
    false,
  ),
});
export type ProjectImportQuery = z.infer<typeof projectImportQuerySchema>;

/** Why an import line is refused. */
export const PROJECT_IMPORT_REASONS = [
  'BAD_NUMBER',
  'UNKNOWN_CITY',
  'DUPLICATE',
  'MISSING_NAME',
  'BAD_LINE',
] as const;
export type ProjectImportReason = (typeof PROJECT_IMPORT_REASONS)[number];

/** One line of the file and what the import does (or would do) with it. */
export const projectImportLineSchema = z.object({
  line: countSchema,
  outcome: z.enum(['added', 'changed', 'unchanged', 'refused']),
  reraNumber: z.string(),
  reason: z.optional(z.enum(PROJECT_IMPORT_REASONS)),
});
export type ProjectImportLine = z.infer<typeof projectImportLineSchema>;

/** POST /projects/import answer: the counts and every line that is not unchanged. */
export const projectImportResponseSchema = z.object({
  dryRun: z.boolean(),
  added: countSchema,
  changed: countSchema,
  unchanged: countSchema,
  refused: countSchema,
  lines: z.array(projectImportLineSchema),
});
export type ProjectImportResponse = z.infer<typeof projectImportResponseSchema>;

/** The kinds of link between two tickets. */
export const TICKET_LINK_KINDS = ['duplicate', 'related'] as const;
export type TicketLinkKind = (typeof TICKET_LINK_KINDS)[number];

/** POST /tickets/{id}/links body: `{id}` is a duplicate of (or related to) `ticketId`. */
export const ticketLinkRequestSchema = z.object({
  ticketId: idSchema,
  kind: z.enum(TICKET_LINK_KINDS),
});
export type TicketLinkRequest = z.infer<typeof ticketLinkRequestSchema>;

/** DELETE /tickets/{id}/links/{otherId} params. */
export const ticketLinkParamsSchema = z.object({ id: coercedIdSchema, otherId: coercedIdSchema });

/** POST /tickets/{id}/links and DELETE answers: the ticket's links after the change. */
export const ticketLinksResponseSchema = z.object({ links: z.array(ticketLinkSchema) });
export type TicketLinksResponse = z.infer<typeof ticketLinksResponseSchema>;
