/** The admin user record and the User Management calls (docs/product.md#data, docs/product.md#validation, docs/product.md#calls Users). */
import * as z from 'zod/mini';
import { TEXT_LIMITS } from '../constants';
import { newPasswordSchema } from './auth';
import {
  asName,
  countSchema,
  dateTimeSchema,
  emailSchema,
  idSchema,
  mobileSchema,
  optionalText,
  pagingQuerySchema,
  requiredText,
} from './common';
import { roleSchema } from './role';

/** The admin user record as the api answers it. The password is write-only and never sent. */
export const adminUserSchema = z.object({
  id: idSchema,
  fullName: z.string(),
  email: z.string(),
  mobile: z.string(),
  city: z.string(),
  committee: z.nullish(z.string()),
  role: roleSchema,
  isActive: z.boolean(),
  createdAt: z.optional(dateTimeSchema),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** The fields of the Add/Edit User form (docs/product.md#user-form-validation). */
const userFormFields = {
  fullName: asName(requiredText(TEXT_LIMITS.name, 'Full name is required')),
  email: emailSchema,
  mobile: mobileSchema,
  city: asName(requiredText(TEXT_LIMITS.name, 'City is required')),
  /** Optional: blank means none. */
  committee: z.optional(optionalText(TEXT_LIMITS.name)),
  role: z._default(roleSchema, 'customer'),
  isActive: z._default(z.boolean(), true),
};

/** POST /admin/users/new body: the password is required. */
export const userCreateSchema = z.object({
  ...userFormFields,
  password: newPasswordSchema,
});
export type UserCreate = z.infer<typeof userCreateSchema>;
export type UserCreateInput = z.input<typeof userCreateSchema>;

/**
 * POST /admin/users/{id} body: a blank or absent password keeps the current one (it parses to
 * `undefined`); a non-blank one must be a valid new password.
 */
export const userUpdateSchema = z.object({
  ...userFormFields,
  password: z.optional(
    z.union([
      z.pipe(
        z.literal(''),
        z.transform(() => undefined),
      ),
      newPasswordSchema,
    ]),
  ),
});
export type UserUpdate = z.infer<typeof userUpdateSchema>;
export type UserUpdateInput = z.input<typeof userUpdateSchema>;

/** GET /admin/users query: role filter, the user page's search term, paging. */
export const userListQuerySchema = z.extend(pagingQuerySchema, {
  role: z.optional(roleSchema),
  search: z.optional(optionalText(TEXT_LIMITS.search)),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** GET /admin/users answer. */
export const userListResponseSchema = z.object({
  users: z.array(adminUserSchema),
  total: countSchema,
});
export type UserListResponse = z.infer<typeof userListResponseSchema>;

/** GET /admin/users/{id}, POST /admin/users/new and POST /admin/users/{id} answer. */
export const userResponseSchema = z.object({ user: adminUserSchema });
export type UserResponse = z.infer<typeof userResponseSchema>;

/** GET /admin/users/filter query: role and city (either may be left out). */
export const userFilterQuerySchema = z.object({
  role: z.optional(roleSchema),
  city: z.optional(optionalText(TEXT_LIMITS.name)),
});
export type UserFilterQuery = z.infer<typeof userFilterQuerySchema>;

/** GET /admin/users/filter answer. */
export const userFilterResponseSchema = z.object({ users: z.array(adminUserSchema) });
export type UserFilterResponse = z.infer<typeof userFilterResponseSchema>;

/** A person as other records name them (assignees, city presidents). */
export const userSummarySchema = z.object({
  id: idSchema,
  fullName: z.string(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

/** GET /users/city-presidents query. */
export const cityPresidentsQuerySchema = z.object({
  city: z.optional(optionalText(TEXT_LIMITS.name)),
});
export type CityPresidentsQuery = z.infer<typeof cityPresidentsQuerySchema>;

/** GET /users/city-presidents answer. */
export const cityPresidentsResponseSchema = z.object({
  users: z.array(z.extend(userSummarySchema, { city: z.nullish(z.string()) })),
});
export type CityPresidentsResponse = z.infer<typeof cityPresidentsResponseSchema>;
