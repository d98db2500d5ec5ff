/**
 * Conflicts of interest and shielded identity (ADR 0048, ADR 0049): each staff user's declared
 * firms and projects, what the submit says about whom the complaint is against, and the unmask
 * call of the association president and admins.
 */
import * as z from 'zod/mini';
import { TEXT_LIMITS } from '../constants';
import { asName, dateTimeSchema, idSchema, requiredText } from './common';

/** What a declaration names: a firm (by name) or a project (by name, and by id once registered). */
export const INTEREST_KINDS = ['firm', 'project'] as const;
export type InterestKind = (typeof INTEREST_KINDS)[number];
export const interestKindSchema = z.enum(INTEREST_KINDS);

/** The most declarations one user keeps (a long list is a mistake, not a conflict register). */
export const MAX_INTERESTS = 50;

/** One declaration as the api answers it: dated when it was first declared. */
export const staffInterestSchema = z.object({
  id: idSchema,
  kind: interestKindSchema,
  name: z.string(),
  projectId: z.nullish(idSchema),
  declaredAt: dateTimeSchema,
});
export type StaffInterest = z.infer<typeof staffInterestSchema>;

/** GET /users/me/interests, GET /users/{id}/interests answer. */
export const staffInterestsResponseSchema = z.object({ interests: z.array(staffInterestSchema) });
export type StaffInterestsResponse = z.infer<typeof staffInterestsResponseSchema>;

/** One declaration as sent: a firm's or project's name (one line), and a registered project's id. */
export const staffInterestInputSchema = z.object({
  kind: interestKindSchema,
  name: asName(requiredText(TEXT_LIMITS.name, 'Name is required')),
  projectId: z.nullish(idSchema),
});
export type StaffInterestInput = z.infer<typeof staffInterestInputSchema>;

/** PUT /users/me/interests body: the whole list (what is left out is withdrawn). */
export const staffInterestsUpdateSchema = z.object({
  interests: z
    .array(staffInterestInputSchema)
    .check(z.maxLength(MAX_INTERESTS, `At most ${MAX_INTERESTS} declarations`)),
});
export type StaffInterestsUpdate = z.infer<typeof staffInterestsUpdateSchema>;

/**
 * The name two declarations or a declaration and a ticket are compared by: trimmed, inner spaces
 * made one, lowercase (case-insensitive, whole name: "Acme Builders" is not "Acme").
 */
export function interestKey(name: string | null | undefined): string {
  return (name ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The alias chapter staff see instead of a shielded member's name: "Member 7F3A". */
export const MEMBER_ALIAS_PATTERN = /^Member [0-9A-F]{4}$/;

/** POST /tickets/{id}/unmask body: why the identity is needed (kept in the audit trail). */
export const unmaskRequestSchema = z.object({
  reason: asName(requiredText(TEXT_LIMITS.comment, 'A reason is required')),
});
export type UnmaskRequest = z.infer<typeof unmaskRequestSchema>;

/** POST /tickets/{id}/unmask answer: the member as the ticket names them. */
export const unmaskResponseSchema = z.object({
  customer: z.object({
    id: idSchema,
    fullName: z.string(),
    email: z.nullish(z.string()),
    mobile: z.nullish(z.string()),
  }),
});
export type UnmaskResponse = z.infer<typeof unmaskResponseSchema>;
