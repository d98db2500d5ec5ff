/** Staff sign-in as a bank would (ADR 0053, 0054): the second factor and the sessions behind tokens. */
import * as z from 'zod/mini';
import { loginResponseSchema } from './auth';
import { dateTimeSchema, idSchema, withoutControlCharacters } from './common';
import { roleSchema } from './role';

/** How many one-time recovery codes an enrolment gives. */
export const RECOVERY_CODE_COUNT = 10;

/** POST /auth/login answer for a user with a second factor: no token yet, a challenge for /auth/mfa. */
export const mfaChallengeSchema = z.object({
  mfaRequired: z.literal(true),
  challenge: z.string().check(z.minLength(1)),
});
export type MfaChallenge = z.infer<typeof mfaChallengeSchema>;

/**
 * Everything POST /auth/login may answer: the token (with `mfaEnrolmentRequired` when the user's role
 * must enrol a second factor and has not yet), or the challenge.
 */
export const loginAnswerSchema = z.union([
  z.extend(loginResponseSchema, { mfaEnrolmentRequired: z.optional(z.boolean()) }),
  mfaChallengeSchema,
]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** A code as typed: six digits from the app, or a recovery code (`xxxxx-xxxxx`); spaces ignored. */
export const mfaCodeSchema = withoutControlCharacters(
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'Code is required', abort: true }),
      z.maxLength(32, 'Code is too long'),
    ),
);

/** POST /auth/mfa body. */
export const mfaVerifyRequestSchema = z.object({
  challenge: withoutControlCharacters(z.string().check(z.minLength(1), z.maxLength(2048))),
  code: mfaCodeSchema,
});
export type MfaVerifyRequest = z.infer<typeof mfaVerifyRequestSchema>;

/** POST /auth/mfa/enroll answer: the secret as a QR code's URL and as text to type. */
export const mfaEnrollResponseSchema = z.object({
  otpauthUrl: z.string(),
  secret: z.string(),
});
export type MfaEnrollResponse = z.infer<typeof mfaEnrollResponseSchema>;

/** POST /auth/mfa/confirm body. */
export const mfaConfirmRequestSchema = z.object({ code: mfaCodeSchema });
export type MfaConfirmRequest = z.infer<typeof mfaConfirmRequestSchema>;

/** POST /auth/mfa/confirm answer: shown once. */
export const mfaConfirmResponseSchema = z.object({
  recoveryCodes: z.array(z.string()),
});
export type MfaConfirmResponse = z.infer<typeof mfaConfirmResponseSchema>;

/** GET /auth/mfa answer: the caller's second factor. */
export const mfaStatusSchema = z.object({
  enrolled: z.boolean(),
  /** The caller's role is one the admins require a second factor of. */
  required: z.boolean(),
  recoveryCodesLeft: z.number(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

/** GET/PUT /admin/mfa-policy: the roles that must use a second factor. */
export const mfaPolicySchema = z.object({
  roles: z.array(roleSchema).check(z.maxLength(20)),
});
export type MfaPolicy = z.infer<typeof mfaPolicySchema>;

/** One live session (GET /auth/sessions). */
export const staffSessionSchema = z.object({
  id: idSchema,
  device: z.nullable(z.string()),
  address: z.nullable(z.string()),
  createdAt: dateTimeSchema,
  lastUsedAt: dateTimeSchema,
  expiresAt: dateTimeSchema,
  /** This is the session of the token that asked. */
  current: z.boolean(),
});
export type StaffSession = z.infer<typeof staffSessionSchema>;

export const staffSessionsResponseSchema = z.object({ sessions: z.array(staffSessionSchema) });
export type StaffSessionsResponse = z.infer<typeof staffSessionsResponseSchema>;

/** `{ ok: true }`: sign-out, a session ended, a second factor reset. */
export const okResponseSchema = z.object({ ok: z.literal(true) });

/** DELETE /admin/users/{id}/sessions answer: how many sessions were open. */
export const sessionsEndedResponseSchema = z.object({ ended: z.number() });
