import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  type CityStatsResponse,
  cityStatsResponseSchema,
  STAFF_ROLES,
  type TicketListResponse,
  type TicketStats,
  ticketListQuerySchema,
  ticketListResponseSchema,
  ticketStatsQuerySchema,
  ticketStatsSchema,
} from 'shared-contracts/contracts';
import type { RunSql } from '../../db/database';
import { invalidSession, tokenClaimsOf } from '../../plugins/auth';
import { listStaffTicketsJson, STAFF_LISTINGS, type StaffListingName } from '../../services/tickets/listing';
import { cityStatsStatement, statsJson, ticketStatsStatement } from '../../services/tickets/stats';
import { bearerAuth, errorResponses } from '../errorResponses';

/** A body that is JSON text already (written by the database) is sent as it is with this type. */
const JSON_TYPE = 'application/json; charset=utf-8';

const LIST_CALLS: { path: string; listing: StaffListingName; summary: string }[] = [
  {
    path: API_PATHS.tickets.all,
    listing: 'all',
    summary: 'Every ticket (admin, Credai President), newest first; startDate/endDate: [start, end)',
  },
  {
    path: API_PATHS.tickets.cityPresidentPending,
    listing: 'cityPresidentPending',
    summary: "The city president's city: tickets awaiting review (pending or in-review)",
  },
  {
    path: API_PATHS.tickets.cityPresidentAll,
    listing: 'cityPresidentAll',
    summary: "Every ticket of the city president's city",
  },
  {
    path: API_PATHS.tickets.governorPending,
    listing: 'governorPending',
    summary: 'Pending tickets of every city, for the governor to review',
  },
  {
    path: API_PATHS.tickets.observerAssigned,
    listing: 'observerAssigned',
    summary: "The observer's city: tickets awaiting the office bearer's final approval",
  },
  {
    path: API_PATHS.tickets.observerAll,
    listing: 'observerAll',
    summary: "Every ticket of the observer's city",
  },
  {
    path: API_PATHS.tickets.convenorAssigned,
    listing: 'convenorAssigned',
    summary:
      "The convenor's city: tickets approved by the admin or the city president (answer names the city)",
  },
];

/**
 * docs/product.md#roles and docs/product.md#calls: the staff ticket lists by role, the dashboard's counts and a ticket's history.
 * Every list takes page, pageSize, status, city, q (title or member name), date (a creation day in
 * the caller's time zone, `tzOffset`) and answers `{ tickets, total }` (and `city` when the list
 * is of the caller's city).
 */
export const staffTicketRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['tickets'];

  for (const call of LIST_CALLS) {
    const listing = STAFF_LISTINGS[call.listing];
    app.get(
      call.path,
      {
        // The list's statement reads the user behind the token itself (one round trip). Every
        // ticket of every city is also open to an API token with tickets:read (its city's only).
        onRequest:
          call.listing === 'all'
            ? app.allowApiToken('tickets:read', app.requireToken(...listing.roles))
            : app.requireToken(...listing.roles),
        schema: {
          summary: call.summary,
          description: `For: ${listing.roles.join(', ')}. Scoped to what the caller may see.`,
          tags,
          querystring: ticketListQuerySchema,
          response: { 200: ticketListResponseSchema, ...errorResponses(400, 401, 403) },
        },
      },
      // The database writes the answer's JSON (ticketListResponseSchema, checked against toTicket
      // and the zod serializer by api/test/tickets-listing-json.test.ts): a string with a JSON content
      // type is sent as it is.
      async (request, reply) => {
        const claims = request.apiToken ? { apiToken: request.apiToken } : tokenClaimsOf(request);
        const now = app.clock.now();
        const list = (runSql: RunSql) => listStaffTicketsJson(runSql, claims, listing, request.query, now);
        // A search reads the replica when there is one with every write (ADR 0077); a plain list,
        // the dashboard's everyday call, stays on the primary, which answers it from its index alone.
        const body = request.query.q?.trim()
          ? await app.replicaReads.read(({ runSql }) => list(runSql))
          : await list(app.runSql);
        if (body === null) throw invalidSession();
        // The type provider expects the answer as an object; this one is its JSON already.
        return reply.type(JSON_TYPE).send(body as unknown as TicketListResponse);
      },
    );
  }

  app.get(
    API_PATHS.tickets.stats,
    {
      // The statement reads the user behind the token itself and writes the JSON (as the lists).
      onRequest: app.requireToken(...STAFF_ROLES),
      schema: {
        summary: "The dashboard's four counts over the tickets the caller may see",
        description: 'In Review counts exactly the status in-review. `city` narrows to one city.',
        tags,
        security: bearerAuth,
        querystring: ticketStatsQuerySchema,
        response: { 200: ticketStatsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const body = await statsJson(app.runSql, ticketStatsStatement(tokenClaimsOf(request), request.query));
      if (body === null) throw invalidSession();
      return reply.type(JSON_TYPE).send(body as unknown as TicketStats);
    },
  );

  app.get(
    API_PATHS.tickets.cityStats,
    {
      onRequest: app.requireToken(...STAFF_ROLES),
      schema: {
        summary: 'Tickets per city (total, pending incl. in-review, resolved, rejected), by city name',
        tags,
        security: bearerAuth,
        querystring: ticketStatsQuerySchema,
        response: { 200: cityStatsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const body = await statsJson(app.runSql, cityStatsStatement(tokenClaimsOf(request), request.query));
      if (body === null) throw invalidSession();
      return reply.type(JSON_TYPE).send(body as unknown as CityStatsResponse);
    },
  );
};
