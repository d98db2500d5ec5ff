/**
 * Tickets (docs/product.md#data Ticket, docs/product.md#calls Tickets and the per-role calls) with the additions of
 * docs/architecture.md#api (paging, filters, `total`, stats) and docs/architecture.md#security-decisions (`shareUrl`, `memberUrl`, `version`).
 */
import * as z from 'zod/mini';
import { DESCRIPTION_MAX_CHARS, DESCRIPTION_MAX_WORDS, MAX_ID, TEXT_LIMITS } from '../constants';
import { countWords } from '../rules/wordCount';
import {
  asName,
  coercedIdSchema,
  countSchema,
  dateTimeSchema,
  emailSchema,
  idSchema,
  isoDateSchema,
  mobileSchema,
  optionalText,
  pagingQuerySchema,
  withoutControlCharacters,
} from './common';
import { intakeChannelSchema } from './intakeChannels';
import { appealSchema, lastWordSchema, ticketRatingSchema } from './lastWord';
import { roleSchema } from './role';
import { alertLevelSchema, dueFilterSchema, slaStageSchema, ticketSortSchema } from './stages';
import { againstNameSchema, submitBoxSchema } from './ticketConcern';
import { reraNumberSchema, ticketLinkSchema, ticketProjectSchema } from './ticketProject';

/** The languages the member's messages can be written in (issue 20); anything else is English. */
export const MESSAGE_LANGUAGES = ['en', 'hi', 'mr'] as const;

/** docs/product.md#ticket-states statuses, lowercase. `pending` is the default of an empty status. */
export const TICKET_STATUSES = ['pending', 'in-review', 'approved', 'resolved', 'rejected'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** A status in any case (`Approved`) becomes its lowercase name. */
export const ticketStatusSchema = z.pipe(
  z.string().check(z.trim(), z.toLowerCase()),
  z.enum(TICKET_STATUSES),
);

/** The list filter: a status or `all` (the same as leaving it out). */
export const TICKET_STATUS_FILTERS = ['all', ...TICKET_STATUSES] as const;
export type TicketStatusFilter = (typeof TICKET_STATUS_FILTERS)[number];
export const ticketStatusFilterSchema = z.pipe(
  z.string().check(z.trim(), z.toLowerCase()),
  z.enum(TICKET_STATUS_FILTERS),
);

/** docs/product.md#data Action payload: the four actions. */
export const TICKET_ACTIONS = ['approve', 'reject', 'resolve', 'review'] as const;
export type TicketAction = (typeof TICKET_ACTIONS)[number];
export const ticketActionSchema = z.pipe(z.string().check(z.trim(), z.toLowerCase()), z.enum(TICKET_ACTIONS));

/**
 * The member's last word and the moves around it (docs/architecture.md#the-members-last-word):
 * rows of the same workflow table, each with its own call rather than the action payload.
 */
export const LAST_WORD_ACTIONS = [
  'rate',
  'reopen',
  'appeal',
  'appeal.uphold',
  'appeal.remand',
  'appeal.dismiss',
  'transfer',
] as const;
export type LastWordAction = (typeof LAST_WORD_ACTIONS)[number];
/** Every action of the workflow table. */
export const WORKFLOW_ACTIONS = [...TICKET_ACTIONS, ...LAST_WORD_ACTIONS] as const;
export type WorkflowAction = (typeof WORKFLOW_ACTIONS)[number];

/** Who currently holds a ticket (docs/product.md#displayed-assignee; docs/architecture.md#workflow). */
export const ASSIGNEES = ['CityPresident', 'Convenor', 'Observer', 'Admin', 'Completed'] as const;
export type Assignee = (typeof ASSIGNEES)[number];
export const assigneeSchema = z.enum(ASSIGNEES);

/** A step's own status field (cityPresidentStatus, adminStatus, convenorStatus, observerStatus). */
export const stepStatusSchema = ticketStatusSchema;

/** Somebody named on a ticket (city president, convenor, observer). */
export const ticketPersonSchema = z.object({
  id: z.optional(idSchema),
  fullName: z.string(),
});
export type TicketPerson = z.infer<typeof ticketPersonSchema>;

/**
 * The submitter. For a link viewer the api masks mobile and email (docs/architecture.md#security-decisions).
 * A shielded member as chapter staff see them (ADR 0049): `shielded`, `fullName` is the `alias`, and
 * no id, email or mobile.
 */
export const ticketCustomerSchema = z.object({
  id: z.optional(idSchema),
  fullName: z.string(),
  shielded: z.optional(z.boolean()),
  alias: z.optional(z.string()),
  email: z.nullish(z.string()),
  mobile: z.nullish(z.string()),
  city: z.nullish(z.string()),
  committee: z.nullish(z.string()),
});
export type TicketCustomer = z.infer<typeof ticketCustomerSchema>;

/** A named reference (committee, cityData). */
export const namedRefSchema = z.object({
  id: z.optional(idSchema),
  name: z.string(),
});
export type NamedRef = z.infer<typeof namedRefSchema>;

/** An attachment (its shape is not in the first description of the product). `url` is where it downloads from, under /uploads. */
export const ticketAttachmentSchema = z.object({
  id: idSchema,
  kind: z.enum(['attachment', 'photo']),
  fileName: z.string(),
  contentType: z.nullish(z.string()),
  size: z.nullish(countSchema),
  url: z.string(),
});
export type TicketAttachment = z.infer<typeof ticketAttachmentSchema>;

/**
 * Who sees a history entry (docs/architecture.md#conversation-and-notifications): `public` entries are the member's
 * too, `internal` ones (committee notes) only staff's. The chain's own entries are public.
 */
export const COMMENT_VISIBILITIES = ['public', 'internal'] as const;
export type CommentVisibility = (typeof COMMENT_VISIBILITIES)[number];
export const commentVisibilitySchema = z.enum(COMMENT_VISIBILITIES);

/**
 * One history entry. `actionBy` is the actor's name; null means the system ('System').
 * `kind` and `values` are the event (docs/architecture.md#history-as-events: HISTORY_VALUES of
 * workflow/historyEvents.ts, with the people and places it names resolved for the reader); `text`
 * is the entry in English: the event's sentence, or the words a person wrote.
 * `visibility` comes to staff on every entry; a key holder only ever receives public entries.
 * `attachment`: the file sent with a reply, if any.
 */
export const ticketCommentSchema = z.object({
  id: z.optional(idSchema),
  actionBy: z.nullish(z.string()),
  actorRole: z.nullish(roleSchema),
  action: z.nullish(z.string()),
  kind: z.nullish(z.string()),
  values: z.nullish(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
  createdAt: dateTimeSchema,
  text: z.string(),
  visibility: z.optional(commentVisibilitySchema),
  attachment: z.nullish(ticketAttachmentSchema),
});
export type TicketComment = z.infer<typeof ticketCommentSchema>;

/** A ticket with every field and nested object of docs/product.md#data. */
export const ticketSchema = z.object({
  id: idSchema,
  title: z.string(),
  description: z.string(),
  status: ticketStatusSchema,
  /** The city name; a missing one is shown as 'Unknown'. */
  city: z.nullish(z.string()),
  createdAt: dateTimeSchema,
  updatedAt: z.nullish(dateTimeSchema),
  /** Increases with every change; an action sends the version it saw (409 when stale). */
  version: z.optional(z.number().check(z.int(), z.nonnegative())),
  type: z.nullish(z.string()),
  category: z.nullish(z.string()),
  attachmentPath: z.nullish(z.string()),
  photoPath: z.nullish(z.string()),
  rejectionReason: z.nullish(z.string()),
  resolutionMethod: z.nullish(z.string()),
  currentAssignee: z.nullish(assigneeSchema),
  cityPresidentId: z.nullish(idSchema),
  convenorId: z.nullish(idSchema),
  observerId: z.nullish(idSchema),
  cityPresidentStatus: z.nullish(stepStatusSchema),
  adminStatus: z.nullish(stepStatusSchema),
  convenorStatus: z.nullish(stepStatusSchema),
  observerStatus: z.nullish(stepStatusSchema),
  customer: z.nullish(ticketCustomerSchema),
  committee: z.nullish(namedRefSchema),
  cityData: z.nullish(namedRefSchema),
  cityPresident: z.nullish(ticketPersonSchema),
  convenor: z.nullish(ticketPersonSchema),
  observer: z.nullish(ticketPersonSchema),
  comments: z.nullish(z.array(ticketCommentSchema)),
  attachments: z.nullish(z.array(ticketAttachmentSchema)),
  /** The open stage of the chain (docs/architecture.md#time-and-service-levels); null when closed. */
  stage: z.nullish(slaStageSchema),
  /** When the open stage is due; null when no stage is open (or its due time is not set yet). */
  dueAt: z.nullish(dateTimeSchema),
  /** When the open stage counts as due soon (80 % of its time: the holder's reminder). */
  dueSoonAt: z.nullish(dateTimeSchema),
  /** The highest level the open stage was escalated to (`next-level`, `president`), if any. */
  escalation: z.nullish(alertLevelSchema),
  /**
   * When the case was closed (a rating of 3 stars or more, silence past the chapter's window, an
   * appeal decided): the status stays resolved or rejected; nothing more can be said on it.
   */
  closedAt: z.nullish(dateTimeSchema),
  /** The member's rating of the current outcome, if any. */
  rating: z.nullish(ticketRatingSchema),
  /** When and why the member reopened it (once per ticket). */
  reopenedAt: z.nullish(dateTimeSchema),
  reopenReason: z.nullish(z.string()),
  /** The RERA project the complaint is about, if the member named one (ADR 0055). */
  project: z.nullish(ticketProjectSchema),
  /** Staff reading one ticket: its links to other tickets, both ways (ADR 0056). */
  links: z.optional(z.array(ticketLinkSchema)),
  /** The member reading their ticket: how many other complaints staff linked with it (no more). */
  similarCount: z.optional(z.number().check(z.int(), z.nonnegative())),
  /** The member's appeal to the association president (once per ticket), if any. */
  appeal: z.nullish(appealSchema),
  /** The member's view only: what the member may do now (the server's clock and table). */
  lastWord: z.nullish(lastWordSchema),
  /**
   * A recusal or an office bearer's own case passed the ticket on (ADR 0048): the member reads
   * "handled by another office bearer", staff the `stage.recused` entries.
   */
  handledByAnotherOfficeBearer: z.optional(z.boolean()),
  /** Staff who see the identity: the firm or person the member named, and the member's two boxes. */
  againstName: z.nullish(z.string()),
  concernsOfficeBearer: z.optional(z.boolean()),
  shieldIdentity: z.optional(z.boolean()),
  /** Staff reading one ticket: the member's language (their messages, the canned answers offered). */
  language: z.optional(z.enum(MESSAGE_LANGUAGES)),
  /** Staff reading one ticket: how it reached the association (ADR 0066). */
  channel: z.optional(intakeChannelSchema),
});
export type Ticket = z.infer<typeof ticketSchema>;
export type TicketInput = z.input<typeof ticketSchema>;

/** The static sample tickets of the placeholder screens (docs/product.md#data). */
export const sampleTicketSchema = z.object({
  ticketId: z.string(),
  title: z.string(),
  status: z.string(),
  block: z.optional(z.string()),
  time: z.optional(z.string()),
  date: z.optional(z.string()),
  location: z.optional(z.string()),
  assignee: z.optional(z.string()),
  responses: z.optional(z.number().check(z.int(), z.nonnegative())),
  createdBy: z.optional(z.string()),
});
export type SampleTicket = z.infer<typeof sampleTicketSchema>;

/**
 * Query of every ticket list call (docs/architecture.md#api): paging, status, city name, a search `q`
 * (the words of the title and the member's name, a ticket number, and for staff a member's email or
 * mobile), one creation day, or a range `[startDate, endDate)` (docs/product.md#calls).
 */
export const ticketListQuerySchema = z.extend(pagingQuerySchema, {
  status: z.optional(ticketStatusFilterSchema),
  city: z.optional(optionalText(TEXT_LIMITS.name)),
  q: z.optional(optionalText(TEXT_LIMITS.search)),
  date: z.optional(isoDateSchema),
  startDate: z.optional(isoDateSchema),
  endDate: z.optional(isoDateSchema),
  /**
   * The caller's UTC offset in minutes on that day (UTC+5:30 is 330), so `date`, `startDate` and
   * `endDate` are the caller's calendar days, as the list shows them; absent means UTC days.
   */
  tzOffset: z.optional(z.coerce.number().check(z.int(), z.gte(-840), z.lte(840))),
  /** Only tickets whose open stage is overdue, or due soon (past its reminder point, not yet due). */
  due: z.optional(dueFilterSchema),
  /** `due`: the earliest due time first (tickets without one last); absent: newest first. */
  sort: z.optional(ticketSortSchema),
  /** Only the tickets about this RERA project (ADR 0055). */
  projectId: z.optional(coercedIdSchema),
});
export type TicketListQuery = z.infer<typeof ticketListQuerySchema>;
export type TicketListQueryInput = z.input<typeof ticketListQuerySchema>;

/**
 * A ticket list answer. `city` names the caller's city when the list is city-scoped.
 * `totalIsLowerBound`: the matches were counted only up to `total` (a search matching more than
 * the api counts, 10,000): there are at least that many ("10,000+").
 */
export const ticketListResponseSchema = z.object({
  tickets: z.array(ticketSchema),
  total: countSchema,
  totalIsLowerBound: z.optional(z.boolean()),
  city: z.nullish(z.string()),
});
export type TicketListResponse = z.infer<typeof ticketListResponseSchema>;

/** GET /tickets/user/{id} answer: the member and their tickets. */
export const userTicketsResponseSchema = z.object({
  user: ticketCustomerSchema,
  tickets: z.array(ticketSchema),
  total: countSchema,
});
export type UserTicketsResponse = z.infer<typeof userTicketsResponseSchema>;

/** A single ticket answer (GET /tickets/{id}, /latest, actions, status patch). */
export const ticketResponseSchema = z.object({ ticket: ticketSchema });
export type TicketResponse = z.infer<typeof ticketResponseSchema>;

/** The product's message when a description has more than 500 words. */
export const DESCRIPTION_WORDS_MESSAGE = `Description should not exceed ${DESCRIPTION_MAX_WORDS} words`;

/** A ticket description: required, at most 500 words and 10,000 characters. */
export const descriptionSchema = withoutControlCharacters(
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'Description is required', abort: true }),
      z.maxLength(DESCRIPTION_MAX_CHARS, { error: DESCRIPTION_WORDS_MESSAGE, abort: true }),
    ),
  { multiLine: true },
).check(z.refine((text) => countWords(text) <= DESCRIPTION_MAX_WORDS, DESCRIPTION_WORDS_MESSAGE));

/** A full name on the submit form: required and without digits (docs/product.md#validation). */
export const submitFullNameSchema = asName(
  withoutControlCharacters(
    z.string().check(
      z.trim(),
      z.minLength(1, { error: 'Full name is required', abort: true }),
      z.maxLength(TEXT_LIMITS.name, {
        error: `Full name must be at most ${TEXT_LIMITS.name} characters`,
        abort: true,
      }),
      z.regex(/^[^\p{Nd}]*$/u, 'Full name should not contain numbers'),
    ),
  ),
);

/** A select's id as the multipart form sends it ('' when nothing is chosen). */
function selectedId(message: string) {
  return z.coerce
    .number({ error: message })
    .check(z.int({ error: message }), z.positive({ error: message }), z.lte(MAX_ID, { error: message }));
}

/** The multipart value of a ticked opt-in; anything but it (an unticked box sends '') is no. */
export const OPT_IN_VALUE = 'true';

/**
 * The submit form's opt-in for updates by SMS and WhatsApp (docs/product.md#submit-form): `true`
 * only when ticked. Email is used whenever given, with or without it.
 */
export const phoneUpdatesSchema = z.pipe(
  z.optional(z.enum(['', OPT_IN_VALUE, 'false'], { error: 'The SMS/WhatsApp opt-in is ticked or not' })),
  z.transform((value) => value === OPT_IN_VALUE),
);

/**
 * The language the visitor read the form in: the member's emails about this ticket are written in
 * it (docs/glossary.md). Absent or unknown is English, never a refusal: the ticket matters more.
 * Control characters are refused all the same, as in every text field (no page sends them).
 */
export const submitLanguageSchema = z.pipe(
  z.optional(withoutControlCharacters(z.string())),
  z.transform((value): (typeof MESSAGE_LANGUAGES)[number] =>
    (MESSAGE_LANGUAGES as readonly string[]).includes(value ?? '')
      ? (value as (typeof MESSAGE_LANGUAGES)[number])
      : 'en',
  ),
);

/**
 * POST /tickets/submit fields (docs/product.md#calls: multipart, every field a string; the file part is
 * `attachment`). The api trusts only the ids: the city, committee and city president names are
 * looked up again and the texts sent here are ignored.
 */
export const ticketSubmitSchema = z.object({
  fullName: submitFullNameSchema,
  cityId: selectedId('Please select a city.'),
  city: z.optional(optionalText(TEXT_LIMITS.name)),
  cityPresident: z.optional(optionalText(TEXT_LIMITS.name)),
  mobile: mobileSchema,
  committeeId: selectedId('Please select a committee.'),
  committee: z.optional(optionalText(TEXT_LIMITS.name)),
  email: emailSchema,
  description: descriptionSchema,
  phoneUpdates: phoneUpdatesSchema,
  language: submitLanguageSchema,
  /** Against whom (ADR 0048): the firm or person, and whether it concerns an office bearer of the chapter. */
  againstName: againstNameSchema,
  concernsOfficeBearer: submitBoxSchema,
  /** Keep my identity from the chapter (ADR 0049). */
  shieldIdentity: submitBoxSchema,
  /** The RERA project picked in the form's typeahead; '' or absent: none (ADR 0055). */
  projectId: z.pipe(
    z.transform((value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value)),
    z.optional(selectedId('Please choose a project from the list.')),
  ),
  /** The form posted without scripts has a plain field for the project's RERA number instead. */
  reraNumber: z.pipe(
    z.transform((value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value)),
    z.optional(reraNumberSchema),
  ),
  /** The privacy notice's version the form showed (ADR 0068); absent: the current one. */
  noticeVersion: z.pipe(
    z.transform((value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value)),
    z.optional(selectedId('The privacy notice version is a number.')),
  ),
});
export type TicketSubmit = z.infer<typeof ticketSubmitSchema>;
/** What the form holds before parsing: every field a string. */
export interface TicketSubmitForm {
  fullName: string;
  cityId: string;
  city: string;
  cityPresident: string;
  mobile: string;
  committeeId: string;
  committee: string;
  email: string;
  description: string;
  /** `OPT_IN_VALUE` when the SMS/WhatsApp box is ticked, else ''. */
  phoneUpdates: string;
  /** The page's language when it was sent (the page adds it; the form does not show it). */
  language?: string;
  /** The firm or person the complaint is against ('' when none). */
  againstName?: string;
  /** `OPT_IN_VALUE` when ticked, else ''. */
  concernsOfficeBearer?: string;
  shieldIdentity?: string;
  /** The project's id picked in the typeahead ('' when none). */
  projectId?: string;
  /** The project's RERA number typed into the plain field of the form without scripts. */
  reraNumber?: string;
  /** The privacy notice's version the form showed ('' while it loads). */
  noticeVersion?: string;
}
/** The text fields of the submit form, in the form's order: the multipart fields besides the file. */
export const SUBMIT_FORM_FIELDS = [
  'fullName',
  'cityId',
  'city',
  'cityPresident',
  'mobile',
  'committeeId',
  'committee',
  'email',
  'description',
  'phoneUpdates',
  'language',
  'againstName',
  'concernsOfficeBearer',
  'shieldIdentity',
  'projectId',
  'reraNumber',
  'noticeVersion',
] as const satisfies readonly (keyof TicketSubmitForm)[];
/** The multipart field that carries the file. */
export const ATTACHMENT_FIELD = 'attachment';
/**
 * The field of the form posted without scripts that carries its `Idempotency-Key` (a page cannot
 * set a header): one key per page served, so a double click or a resend is one ticket (ADR 0035).
 */
export const SUBMIT_KEY_FIELD = 'idempotencyKey';
/**
 * The attribute of a city's `<option>` in /add-ticket's page that names its active City President
 * (the name GET /auth/city-president answers), so the live form shows it the moment a city is
 * chosen while its own lookup confirms it (ADR 0081).
 */
export const CITY_PRESIDENT_ATTRIBUTE = 'data-president';

/**
 * POST /tickets/submit answer. `shareUrl` is `/ticket-detail/{id}#key={secret}`. The same keys
 * whether or not the email was known; the member's private list (`/tickets/{userId}#key=…`)
 * goes to the typed address by email, never in this answer (ADR 0030).
 */
export const ticketSubmitResponseSchema = z.object({
  success: z.boolean(),
  ticketId: idSchema,
  userId: idSchema,
  shareUrl: z.string().check(z.maxLength(TEXT_LIMITS.url)),
});
export type TicketSubmitResponse = z.infer<typeof ticketSubmitResponseSchema>;

/**
 * POST …/action body of every role-specific action call (docs/product.md#data Action payload). The api takes
 * the role from the token, never from `user.role` (docs/architecture.md#security-decisions); `version` is the ticket's
 * version the caller saw, for the 409 of docs/architecture.md#workflow.
 */
export const ticketActionRequestSchema = z.object({
  action: ticketActionSchema,
  comment: z._default(optionalText(TEXT_LIMITS.comment, { multiLine: true }), ''),
  user: z.optional(z.object({ role: roleSchema })),
  version: z.optional(z.number().check(z.int(), z.nonnegative())),
  /** Who reads an approve's comment: the member too (`public`, default) or staff only (`internal`). */
  visibility: z.optional(commentVisibilitySchema),
  /** The same step on every duplicate of this primary at the same stage, in one transaction (ADR 0056). */
  applyToDuplicates: z.optional(z.boolean()),
});
export type TicketActionRequest = z.infer<typeof ticketActionRequestSchema>;
export type TicketActionRequestInput = z.input<typeof ticketActionRequestSchema>;

/**
 * PATCH /tickets/{id}/status body (the first description of the product does not show it): the api applies the action that leads
 * to `status` (docs/product.md#action-names) through the workflow table, for any role with that action.
 */
export const ticketStatusPatchSchema = z.object({
  status: ticketStatusSchema,
  comment: z._default(optionalText(TEXT_LIMITS.comment, { multiLine: true }), ''),
  version: z.optional(z.number().check(z.int(), z.nonnegative())),
  /** Who reads an approve's comment: the member too (`public`, default) or staff only (`internal`). */
  visibility: z.optional(commentVisibilitySchema),
});
export type TicketStatusPatch = z.infer<typeof ticketStatusPatchSchema>;

/** GET /tickets/{id}/history answer: every entry, oldest first, no limit. */
export const ticketHistoryResponseSchema = z.object({ history: z.array(ticketCommentSchema) });
export type TicketHistoryResponse = z.infer<typeof ticketHistoryResponseSchema>;

/** GET /tickets/stats query: the same scope filters as the list. */
export const ticketStatsQuerySchema = z.object({
  city: z.optional(optionalText(TEXT_LIMITS.name)),
  /** Only the tickets about this RERA project (ADR 0055), as the list's project filter. */
  projectId: z.optional(coercedIdSchema),
});
export type TicketStatsQuery = z.infer<typeof ticketStatsQuerySchema>;

/** GET /tickets/stats answer: the four dashboard cards (In Review counts exactly 'in-review'). */
export const ticketStatsSchema = z.object({
  total: countSchema,
  inReview: countSchema,
  resolved: countSchema,
  rejected: countSchema,
});
export type TicketStats = z.infer<typeof ticketStatsSchema>;

/** One bar of the city chart (docs/product.md#data City statistics): pending counts pending and in-review. */
export const cityStatsSchema = z.object({
  city: z.string(),
  total: countSchema,
  pending: countSchema,
  resolved: countSchema,
  rejected: countSchema,
});
export type CityStats = z.infer<typeof cityStatsSchema>;

/** GET /tickets/stats/cities answer. */
export const cityStatsResponseSchema = z.array(cityStatsSchema);
export type CityStatsResponse = z.infer<typeof cityStatsResponseSchema>;
