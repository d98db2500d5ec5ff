// The calls the fault scenarios make, over real HTTP (to an api process or to nginx), and a record
// of every answer: which status, which submits were acknowledged, which were not.
import { randomUUID } from 'node:crypto';
import { DEMO_PASSWORD } from '../../test/support/session';
import { pngOfSize } from '../../test/support/submitForm';

// Every call gives up after this long: a hung call fails the scenario instead of stalling it. A
// submit to two api workers took over 20 s on a CI machine busy with every other lane.
const CALL_TIMEOUT_MS = 60_000;

export interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
}

/** A status, or 'network' when no HTTP answer came back at all (refused, reset, timed out). */
export type Outcome = number | 'network';

export async function call(url: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON (a download, nginx's own error page): keep the text
  }
  return { status: response.status, body, headers: response.headers };
}

export async function signIn(baseUrl: string, email = 'admin@helpdesk.demo'): Promise<string> {
  const answer = await call(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (answer.status !== 200)
    throw new Error(`sign-in answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return (answer.body as { token: string }).token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The ids a submit form names: Pune and a committee it runs. */
export async function formRefs(baseUrl: string): Promise<{ cityId: number; committeeId: number }> {
  const cities = (await call(`${baseUrl}/api/cities/getAllCities`)).body as {
    cities: { id: number; name: string }[];
  };
  const pune = cities.cities.find((city) => city.name === 'Pune');
  if (!pune) throw new Error('no demo city Pune');
  const committees = (await call(`${baseUrl}/api/committees/getAllCommittees?cityId=${pune.id}`)).body as {
    committees: { id: number }[];
  };
  const committee = committees.committees[0];
  if (!committee) throw new Error('Pune runs no committee');
  return { cityId: pune.id, committeeId: committee.id };
}

/** One submit: its idempotency key, its form and (every other one) an attachment. */
export interface SubmitPlan {
  key: string;
  fields: Record<string, string>;
  file: Buffer | null;
}

let planned = 0;

export function planSubmit(refs: { cityId: number; committeeId: number }): SubmitPlan {
  planned++;
  const key = randomUUID();
  return {
    key,
    fields: {
      fullName: 'Ravi Kumar',
      cityId: String(refs.cityId),
      mobile: '9876543210',
      committeeId: String(refs.committeeId),
      email: `fault.${process.pid}.${planned}@example.com`,
      description: `Fault suite submit ${key}: the lift in tower B has been broken for two weeks.`,
    },
    file: planned % 2 === 0 ? pngOfSize(2048 + planned) : null,
  };
}

export interface SubmitAnswer {
  ticketId: number;
  shareUrl: string;
}

export function sendSubmit(baseUrl: string, plan: SubmitPlan): Promise<Answer> {
  const form = new FormData();
  for (const [name, value] of Object.entries(plan.fields)) form.append(name, value);
  if (plan.file)
    form.append('attachment', new Blob([new Uint8Array(plan.file)], { type: 'image/png' }), 'scan.png');
  return call(`${baseUrl}/api/tickets/submit`, {
    method: 'POST',
    headers: { 'idempotency-key': plan.key },
    body: form,
  });
}

/** Every answer of a scenario, and what became of each submit. */
export class Ledger {
  readonly outcomes: { call: string; outcome: Outcome; at: number; error?: string }[] = [];
  /** Submits answered 201, by idempotency key. */
  readonly acknowledged = new Map<string, { plan: SubmitPlan; answer: SubmitAnswer }>();
  /** Submits with any other answer (or none): sent again at the end with the same key. */
  readonly unacknowledged = new Map<string, SubmitPlan>();

  async record(callName: string, send: () => Promise<Answer>): Promise<Answer | undefined> {
    try {
      const answer = await send();
      this.outcomes.push({ call: callName, outcome: answer.status, at: Date.now() });
      return answer;
    } catch (error) {
      this.outcomes.push({ call: callName, outcome: 'network', at: Date.now(), error: String(error) });
      return undefined;
    }
  }

  async submit(baseUrl: string, plan: SubmitPlan): Promise<Answer | undefined> {
    const answer = await this.record('submit', () => sendSubmit(baseUrl, plan));
    if (answer?.status === 201) {
      this.acknowledged.set(plan.key, { plan, answer: answer.body as SubmitAnswer });
      this.unacknowledged.delete(plan.key);
    } else {
      this.unacknowledged.set(plan.key, plan);
    }
    return answer;
  }

  /** How many answers had each outcome, e.g. `{ 200: 812, 201: 95, 503: 14 }`. */
  counts(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const { outcome } of this.outcomes) counts[outcome] = (counts[outcome] ?? 0) + 1;
    return counts;
  }

  /** Answers that are faults: any 5xx but 503, and no answer at all. */
  faults() {
    return this.outcomes.filter(
      ({ outcome }) => outcome === 'network' || (outcome >= 500 && outcome !== 503),
    );
  }
}

interface TicketAnswer {
  ticket: {
    id: number;
    description: string;
    status: string;
    adminStatus?: string | null;
    comments?: { action: string }[] | null;
    attachments?: { url: string; size?: number | null }[] | null;
  };
}

export async function readTicket(
  baseUrl: string,
  token: string,
  id: number,
): Promise<TicketAnswer['ticket']> {
  const answer = await call(`${baseUrl}/api/tickets/${id}`, { headers: bearer(token) });
  if (answer.status !== 200) throw new Error(`ticket ${id} answered ${answer.status}`);
  return (answer.body as TicketAnswer).ticket;
}

/** Downloads a file the api serves (a path under /uploads) as bytes. */
export async function download(baseUrl: string, token: string, url: string): Promise<Buffer> {
  const response = await fetch(`${baseUrl}${url}`, {
    headers: bearer(token),
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

/**
 * The end of a scenario: every submit that was not acknowledged is sent again with its key (it
 * may have been committed before its answer was lost: then the stored answer comes back), then
 * every key must name exactly one ticket, with its description, history and file, and the api
 * must hold no other ticket than those (and `otherTickets` made before).
 */
export async function settleAndCheckSubmits(
  baseUrl: string,
  token: string,
  ledger: Ledger,
  otherTickets = 0,
): Promise<number> {
  for (const plan of [...ledger.unacknowledged.values()]) {
    for (let attempt = 1; attempt <= 5 && ledger.unacknowledged.has(plan.key); attempt++) {
      const answer = await ledger.submit(baseUrl, plan);
      if (answer?.status !== 201 && attempt < 5) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    if (ledger.unacknowledged.has(plan.key)) throw new Error(`submit ${plan.key} never went through`);
  }
  const ids = new Set<number>();
  for (const { plan, answer } of ledger.acknowledged.values()) {
    ids.add(answer.ticketId);
    const ticket = await readTicket(baseUrl, token, answer.ticketId);
    expect(ticket.description).toBe(plan.fields.description);
    expect(ticket.comments?.map((entry) => entry.action)).toContain('submitted');
    expect(ticket.attachments ?? []).toHaveLength(plan.file ? 1 : 0);
    const attachment = ticket.attachments?.[0];
    if (plan.file && attachment) expect(await download(baseUrl, token, attachment.url)).toEqual(plan.file);
  }
  expect(ids.size).toBe(ledger.acknowledged.size); // no two keys share a ticket
  const all = await call(`${baseUrl}/api/tickets/all?pageSize=1`, { headers: bearer(token) });
  expect(all.status).toBe(200);
  expect((all.body as { total: number }).total).toBe(ids.size + otherTickets); // and no ticket without a key
  return ids.size;
}
