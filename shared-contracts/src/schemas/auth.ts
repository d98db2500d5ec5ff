/** Sign-in and session calls (docs/product.md#calls Auth). */
import * as z from 'zod/mini';
import { PASSWORD_MIN_LENGTH, TEXT_LIMITS } from '../constants';
import { emailSchema, idSchema, nameSchema, optionalText, withoutControlCharacters } from './common';
import { roleSchema } from './role';

/**
 * A password as typed: never trimmed (spaces may be part of it), capped against huge inputs, and
 * without control characters (no keyboard types them).
 */
export const passwordSchema = withoutControlCharacters(
  z
    .string()
    .check(
      z.minLength(1, { error: 'Password is required', abort: true }),
      z.maxLength(TEXT_LIMITS.password, `Password must be at most ${TEXT_LIMITS.password} characters`),
    ),
);

/** A password being set (create, register): at least 8 characters. */
export const newPasswordSchema = passwordSchema.check(
  z.minLength(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`),
);

/** POST /auth/login body. */
export const loginRequestSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;
export type LoginRequestInput = z.input<typeof loginRequestSchema>;

/** The signed-in user as the api describes it (login, check). `city` is the user's city name. */
export const sessionUserSchema = z.object({
  id: idSchema,
  fullName: z.string(),
  email: z.string(),
  role: roleSchema,
  city: z.nullish(z.string()),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** POST /auth/login answer: both user and token (else 'Invalid response from server'). */
export const loginResponseSchema = z.object({
  user: sessionUserSchema,
  token: z.string().check(z.minLength(1)),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** GET /auth/check answer: who the bearer token belongs to (401 when none or revoked). */
export const authCheckResponseSchema = z.object({
  user: sessionUserSchema,
});
export type AuthCheckResponse = z.infer<typeof authCheckResponseSchema>;

/** POST /auth/register-admin body (the first description of the product does not show it; this is the product's). */
export const registerAdminRequestSchema = z.object({
  fullName: nameSchema,
  email: emailSchema,
  mobile: z.optional(optionalText(20)),
  password: newPasswordSchema,
});
export type RegisterAdminRequest = z.infer<typeof registerAdminRequestSchema>;

/** POST /auth/register-admin answer. */
export const registerAdminResponseSchema = z.object({
  user: sessionUserSchema,
});
export type RegisterAdminResponse = z.infer<typeof registerAdminResponseSchema>;

/** GET /auth/city-president/{city} params: the city's id or name. */
export const cityPresidentParamsSchema = z.object({
  city: withoutControlCharacters(z.string().check(z.trim(), z.minLength(1), z.maxLength(TEXT_LIMITS.name))),
});
export type CityPresidentParams = z.infer<typeof cityPresidentParamsSchema>;

/** GET /auth/city-president/{city} answer: `data` is null when the city has none ('Not assigned'). */
export const cityPresidentLookupResponseSchema = z.object({
  data: z.nullable(z.object({ fullName: z.string() })),
});
export type CityPresidentLookupResponse = z.infer<typeof cityPresidentLookupResponseSchema>;
