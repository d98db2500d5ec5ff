/**
 * The member's last word (docs/architecture.md#the-members-last-word): rating the outcome,
 * reopening a resolved ticket, appealing to the association president, the president's decision,
 * and the transfer of a ticket to another city or committee. Apart from the ticket schemas so they
 * can carry these shapes without an import cycle.
 */
import * as z from 'zod/mini';
import { TEXT_LIMITS } from '../constants';
import { MESSAGES } from '../i18n/text';
import { countSchema, dateTimeSchema, idSchema, optionalText, requiredText } from './common';

/** The most characters of a rating's comment. */
export const RATING_COMMENT_MAX = 1000;
/** The stars of a rating: 1 (worst) to 5. */
export const RATING_STARS = [1, 2, 3, 4, 5] as const;
/** A rating of this many stars or more closes the case; fewer offers an appeal. */
export const CLOSING_STARS = 3;
/** Days after the outcome (or a low rating) within which the member may appeal. */
export const APPEAL_WINDOW_DAYS = 30;
/** Days the association president has to decide an appeal. */
export const APPEAL_DECISION_DAYS = 30;

/** The message of a star count outside 1 to 5. */
export const STARS_MESSAGE = MESSAGES.starsRange;

/** The outcome a rating is about: each ticket is rated at most once per outcome. */
export const RATED_OUTCOMES = ['resolved', 'rejected'] as const;
export type RatedOutcome = (typeof RATED_OUTCOMES)[number];

/** POST /tickets/{id}/rating body. */
export const ratingRequestSchema = z.object({
  stars: z
    .number({ error: STARS_MESSAGE })
    .check(z.int({ error: STARS_MESSAGE }), z.gte(1, STARS_MESSAGE), z.lte(5, STARS_MESSAGE)),
  comment: z.optional(optionalText(RATING_COMMENT_MAX, { multiLine: true })),
});
export type RatingRequest = z.infer<typeof ratingRequestSchema>;
export type RatingRequestInput = z.input<typeof ratingRequestSchema>;

/** A member's reason: to reopen, to appeal. Required, up to a comment's length. */
export const memberReasonSchema = requiredText(TEXT_LIMITS.comment, 'A reason is required', {
  multiLine: true,
});

/** POST /tickets/{id}/reopen body. */
export const reopenRequestSchema = z.object({ reason: memberReasonSchema });
export type ReopenRequest = z.infer<typeof reopenRequestSchema>;

/** POST /tickets/{id}/appeal body. */
export const appealRequestSchema = z.object({ reason: memberReasonSchema });
export type AppealRequest = z.infer<typeof appealRequestSchema>;

/** The association president's decisions on an appeal, as sent. */
export const APPEAL_DECISIONS = ['uphold', 'remand', 'dismiss'] as const;
export type AppealDecision = (typeof APPEAL_DECISIONS)[number];
/** The same, as an appeal's outcome reads afterwards. */
export const APPEAL_OUTCOMES = ['upheld', 'remanded', 'dismissed'] as const;
export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];
export const APPEAL_OUTCOME_OF: Record<AppealDecision, AppealOutcome> = {
  uphold: 'upheld',
  remand: 'remanded',
  dismiss: 'dismissed',
};

/** POST /appeals/{id}/decision body (association president). */
export const appealDecisionRequestSchema = z.object({
  outcome: z.enum(APPEAL_DECISIONS),
  reason: requiredText(TEXT_LIMITS.comment, 'A reason is required', { multiLine: true }),
});
export type AppealDecisionRequest = z.infer<typeof appealDecisionRequestSchema>;

/** A ticket's rating (for its current outcome). */
export const ticketRatingSchema = z.object({
  stars: z.number().check(z.int(), z.gte(1), z.lte(5)),
  comment: z.nullish(z.string()),
  ratedAt: dateTimeSchema,
});
export type TicketRating = z.infer<typeof ticketRatingSchema>;

/** An appeal, as the association president's list and the ticket answers show it. */
export const appealSchema = z.object({
  id: idSchema,
  ticketId: idSchema,
  /** The ticket's number as the lists show it. */
  ticketNumber: z.string(),
  title: z.string(),
  city: z.nullish(z.string()),
  committee: z.nullish(z.string()),
  memberName: z.nullish(z.string()),
  reason: z.string(),
  filedAt: dateTimeSchema,
  /** The association president's decision is due then (30 days after filing). */
  dueAt: dateTimeSchema,
  outcome: z.nullable(z.enum(APPEAL_OUTCOMES)),
  decisionReason: z.nullable(z.string()),
  decidedAt: z.nullable(dateTimeSchema),
});
export type Appeal = z.infer<typeof appealSchema>;

/**
 * What the member may do now, computed by the server from the workflow table and its clock, so
 * the page offers only what is allowed. `reopenUntil` / `appealUntil`: the window's end when the
 * action is open, else null.
 */
export const lastWordSchema = z.object({
  canRate: z.boolean(),
  canReopen: z.boolean(),
  reopenUntil: z.nullable(dateTimeSchema),
  canAppeal: z.boolean(),
  appealUntil: z.nullable(dateTimeSchema),
});
export type LastWord = z.infer<typeof lastWordSchema>;

/** GET /appeals query: open appeals (by due time) or decided ones (newest decision first). */
export const APPEAL_LIST_STATES = ['open', 'decided'] as const;
export const appealListQuerySchema = z.object({
  state: z.optional(z.enum(APPEAL_LIST_STATES)),
  page: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(1_000_000))),
});
export type AppealListQuery = z.infer<typeof appealListQuerySchema>;
/** Appeals per page of GET /appeals. */
export const APPEAL_PAGE_SIZE = 20;

/** GET /appeals answer. */
export const appealListResponseSchema = z.object({ appeals: z.array(appealSchema), total: countSchema });
export type AppealListResponse = z.infer<typeof appealListResponseSchema>;

/** POST /appeals/{id}/decision answer: the appeal as decided. */
export const appealResponseSchema = z.object({ appeal: appealSchema });
export type AppealResponse = z.infer<typeof appealResponseSchema>;

/** POST /tickets/{id}/transfer body (city president of the ticket's city, admin). */
export const transferRequestSchema = z.object({
  cityId: idSchema,
  committeeId: idSchema,
  reason: requiredText(TEXT_LIMITS.comment, 'A reason is required', { multiLine: true }),
  version: z.optional(z.number().check(z.int(), z.nonnegative())),
});
export type TransferRequest = z.infer<typeof transferRequestSchema>;

/**
 * The stable codes of the last word's refusals, in `details[].code` of the error answer (409 for a
 * state or window refusal, 422 for a transfer to the same place). The client chooses its text by
 * the code's catalogue entry (`errors.<key>`, ADR 0024).
 */
export const LAST_WORD_REFUSALS = {
  /** The ticket has no outcome to rate (not resolved or rejected), or an appeal on it is open. */
  ratingNotOpen: 'RATING_NOT_OPEN',
  /** This outcome was rated already. */
  alreadyRated: 'ALREADY_RATED',
  /** More days than the chapter's reopen window have passed since the resolution. */
  reopenWindowClosed: 'REOPEN_WINDOW_CLOSED',
  /** Only a resolved ticket without an appeal can be reopened. */
  reopenNotAllowed: 'REOPEN_NOT_ALLOWED',
  /** The ticket was reopened once already. */
  alreadyReopened: 'ALREADY_REOPENED',
  /** Neither rejected nor rated 2 stars or fewer. */
  appealNotAllowed: 'APPEAL_NOT_ALLOWED',
  /** More than 30 days have passed since the outcome (or the low rating). */
  appealWindowClosed: 'APPEAL_WINDOW_CLOSED',
  /** The ticket was appealed once already. */
  alreadyAppealed: 'ALREADY_APPEALED',
  /** The case is closed: nothing more can be said on it. */
  caseClosed: 'CASE_CLOSED',
  /** The appeal was decided already. */
  appealAlreadyDecided: 'APPEAL_ALREADY_DECIDED',
  /** A transfer to the city and committee the ticket already has. */
  transferSamePlace: 'TRANSFER_SAME_PLACE',
} as const;
export type LastWordRefusal = (typeof LAST_WORD_REFUSALS)[keyof typeof LAST_WORD_REFUSALS];
export type LastWordRefusalKey = keyof typeof LAST_WORD_REFUSALS;
export const LAST_WORD_REFUSAL_CODES = Object.values(LAST_WORD_REFUSALS) as readonly LastWordRefusal[];

/** The stable code of an error's `details` (`[{ code }]` or `{ code }`), if it has one. */
export function refusalCode(details: unknown): string | null {
  const items = Array.isArray(details) ? details : [details];
  for (const item of items) {
    const code = (item as { code?: unknown } | null)?.code;
    if (typeof code === 'string') return code;
  }
  return null;
}
