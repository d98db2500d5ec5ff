/** Cities (docs/product.md#data City, docs/product.md#calls Cities). */
import * as z from 'zod/mini';
import { idSchema, nameSchema } from './common';

/** A city. `convenorId` is the city's chosen convenor (docs/architecture.md#workflow), when set. */
export const citySchema = z.object({
  id: idSchema,
  name: z.string(),
  convenorId: z.nullish(idSchema),
});
export type City = z.infer<typeof citySchema>;

/** POST /cities body (the first description of the product does not show it). */
export const cityCreateSchema = z.object({ name: nameSchema });
export type CityCreate = z.infer<typeof cityCreateSchema>;

/** POST /cities and PUT /cities/{id}/convenor answer. */
export const cityResponseSchema = z.object({ city: citySchema });
export type CityResponse = z.infer<typeof cityResponseSchema>;

/** GET /cities/getAllCities answer. */
export const citiesResponseSchema = z.object({ cities: z.array(citySchema) });
export type CitiesResponse = z.infer<typeof citiesResponseSchema>;

/**
 * POST /cities/committee/{id}/assign body: `{id}` in the path is the city, the body names the
 * committee that city gets (the link of the `city_committees` table).
 */
export const assignCommitteeSchema = z.object({ committeeId: idSchema });
export type AssignCommittee = z.infer<typeof assignCommitteeSchema>;

/** POST /cities/committee/{id}/assign answer. */
export const assignCommitteeResponseSchema = z.object({ cityId: idSchema, committeeId: idSchema });
export type AssignCommitteeResponse = z.infer<typeof assignCommitteeResponseSchema>;

/** PUT /cities/{id}/convenor body (docs/product.md#data City update payload). */
export const cityConvenorSchema = z.object({ convenorId: idSchema });
export type CityConvenor = z.infer<typeof cityConvenorSchema>;
