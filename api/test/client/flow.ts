/**
 * A staff member's flow through the client generated from the OpenAPI document
 * (openapi-typescript writes `./openapi.ts` from /api/docs/json, openapi-fetch calls it):
 * generatedClient.test.ts type-checks this file against the fresh types, then runs it, so a change
 * of the document that breaks a caller breaks the test (docs/adr/0062).
 */
import createClient from 'openapi-fetch';
import type { paths } from './openapi';

export interface FlowResult {
  cities: string[];
  ticketIds: number[];
  openedTitle: string;
  historyLength: number;
}

/** Signs in, lists the tickets, opens the newest and reads its history. */
export async function staffFlow(baseUrl: string, email: string, password: string): Promise<FlowResult> {
  const client = createClient<paths>({ baseUrl });

  const cities = await client.GET('/api/cities/getAllCities');
  if (!cities.data) throw new Error(`the cities answered ${cities.response.status}`);

  const signedIn = await client.POST('/api/auth/login', { body: { email, password } });
  if (!signedIn.data || !('token' in signedIn.data)) {
    throw new Error(`the sign-in answered ${signedIn.response.status}`);
  }
  const headers = { authorization: `Bearer ${signedIn.data.token}` };

  const list = await client.GET('/api/tickets/all', { params: { query: { pageSize: 5 } }, headers });
  if (!list.data) throw new Error(`the list answered ${list.response.status}: ${list.error?.error}`);
  const [newest] = list.data.tickets;
  if (!newest) throw new Error('the list is empty');

  const opened = await client.GET('/api/tickets/{id}', { params: { path: { id: newest.id } }, headers });
  if (!opened.data) throw new Error(`the ticket answered ${opened.response.status}`);
  const history = await client.GET('/api/tickets/{id}/history', {
    params: { path: { id: newest.id } },
    headers,
  });
  if (!history.data) throw new Error(`the history answered ${history.response.status}`);

  return {
    cities: cities.data.cities.map((city) => city.name),
    ticketIds: list.data.tickets.map((ticket) => ticket.id),
    openedTitle: opened.data.ticket.title,
    historyLength: history.data.history.length,
  };
}
