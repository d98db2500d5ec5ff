/** Committees (docs/product.md#data Committee, docs/product.md#calls Committees). */
import * as z from 'zod/mini';
import { coercedIdSchema, idSchema, nameSchema } from './common';

export const committeeSchema = z.object({ id: idSchema, name: z.string() });
export type Committee = z.infer<typeof committeeSchema>;

/** POST /committees body (the first description of the product does not show it). */
export const committeeCreateSchema = z.object({ name: nameSchema });
export type CommitteeCreate = z.infer<typeof committeeCreateSchema>;

/** GET /committees/getAllCommittees answer. Optional `cityId` query narrows to one city's committees. */
export const committeesResponseSchema = z.object({ committees: z.array(committeeSchema) });
export type CommitteesResponse = z.infer<typeof committeesResponseSchema>;

/** GET /committees/{id} and POST /committees answer. */
export const committeeResponseSchema = z.object({ committee: committeeSchema });
export type CommitteeResponse = z.infer<typeof committeeResponseSchema>;

/** GET /committees/getAllCommittees query: optionally only the committees of one city. */
export const committeesQuerySchema = z.object({ cityId: z.optional(coercedIdSchema) });
export type CommitteesQuery = z.infer<typeof committeesQuerySchema>;
