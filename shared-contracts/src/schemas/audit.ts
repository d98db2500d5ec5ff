/**
 * The audit trail (docs/security.md "Audit trail", ADR 0031) and the rotation of the private
 * links' keys: who (a user, or a private link's key, and the client address) did what to which
 * ticket or user, and when. Admins read it (GET /audit, GET /audit/export.csv); the rotations are
 * staff calls (POST /tickets/{id}/share-key, POST /members/{id}/key).
 */
import * as z from 'zod/mini';
import { countSchema, dateTimeSchema, idSchema, isoDateSchema, pagingQuerySchema } from './common';

/**
 * What the trail records:
 * - `ticket.read`: staff opened a ticket's details (the member's contact details in full);
 * - `member.read`: staff opened a member's list of tickets (their contact details in full);
 * - `file.download`: anyone (staff or a link's key) downloaded a ticket's file;
 * - `ticket.action`: an approve, reject, resolve or review (or PATCH status);
 * - `ticket.reply`: a reply or an internal note;
 * - `user.create`, `user.update`: an admin created or changed an account;
 * - `share_key.rotate`, `member_key.rotate`: staff replaced a private link's key;
 * - `member.erase`: a member's personal data was erased (ADR 0050): ticket ids only.
 */
export const AUDIT_ACTIONS = [
  // An admin reset a user's second factor, or ended all of a user's sessions (ADR 0054, 0053).
  'user.mfa_reset',
  'user.sessions_end',
  'ticket.read',
  'member.read',
  'file.download',
  'ticket.action',
  'ticket.reply',
  'user.create',
  'user.update',
  'share_key.rotate',
  'member_key.rotate',
  'member.erase',
  'ticket.recused',
  'ticket.unmask',
  'interests.update',
  // Integrations (ADR 0063, 0064): each use of an API token, and the admins' changes.
  'api_token.use',
  'api_token.create',
  'api_token.revoke',
  'webhook.create',
  'webhook.delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const auditActionSchema = z.enum(AUDIT_ACTIONS);

export const AUDIT_TARGET_TYPES = ['ticket', 'user', 'api_token', 'webhook'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];
export const auditTargetTypeSchema = z.enum(AUDIT_TARGET_TYPES);

/** One row of the trail as admins read it. */
export const auditEntrySchema = z.object({
  id: idSchema,
  at: dateTimeSchema,
  /** The signed-in user who did it, or null for a private link's holder. */
  actorUserId: z.nullable(idSchema),
  /** That user's name now (null when there is no such user any more, or no user). */
  actorName: z.nullable(z.string()),
  actorRole: z.nullable(z.string()),
  /** The private link's key that was used: `share:{ticketId}:{hash prefix}` or `member:{userId}:…`. */
  actorKey: z.nullable(z.string()),
  clientAddress: z.nullable(z.string()),
  action: auditActionSchema,
  targetType: auditTargetTypeSchema,
  targetId: idSchema,
  /** A short JSON text of what changed (field names, the action, a file's name): never a secret. */
  detail: z.nullable(z.string()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Longest page of the trail. */
export const AUDIT_MAX_PAGE_SIZE = 100;
/** The trail's page size when none is asked for. */
export const AUDIT_PAGE_SIZE = 25;

const coercedId = z.coerce.number().check(z.int(), z.positive(), z.lte(2_147_483_647));

/**
 * The trail's filters (GET /audit and the CSV export): the acting user, the action, a ticket or a
 * user it was done to, and days `from`..`to` (both included, in UTC). Newest first.
 */
export const auditFilterSchema = z.object({
  actor: z.optional(coercedId),
  action: z.optional(auditActionSchema),
  ticket: z.optional(coercedId),
  user: z.optional(coercedId),
  from: z.optional(isoDateSchema),
  to: z.optional(isoDateSchema),
});
export type AuditFilter = z.infer<typeof auditFilterSchema>;

export const auditQuerySchema = z.extend(auditFilterSchema, {
  page: pagingQuerySchema.shape.page,
  pageSize: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(AUDIT_MAX_PAGE_SIZE))),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditListResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: countSchema,
});
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;

/**
 * POST /tickets/{id}/share-key answer: the ticket's new share link (a site path with the key in the
 * fragment); the old one stopped. `memberNotified`: the new link was queued to the member by email.
 */
export const shareKeyRotationSchema = z.object({
  shareUrl: z.string(),
  memberNotified: z.boolean(),
});
export type ShareKeyRotation = z.infer<typeof shareKeyRotationSchema>;

/**
 * POST /members/{id}/key answer (202): the member's key was replaced (the old link stopped); the
 * new link goes to the member by email only, never to the staff member (it opens every ticket of
 * theirs, also those of other cities).
 */
export const memberKeyRotationSchema = z.object({ memberNotified: z.boolean() });
export type MemberKeyRotation = z.infer<typeof memberKeyRotationSchema>;
