import { http, json, server } from '../../testing/network';
import { DEFAULT_CALENDAR, DEFAULT_SLA } from '../schemas/sla';
import { ApiError } from './errors';
import {
  absenceQuery,
  chapterCalendarQuery,
  chapterSlaQuery,
  clearMyAbsence,
  getChapterCalendar,
  getChapterSla,
  getMyAbsence,
  getSlaDefaults,
  getTicketStages,
  listMyStandIns,
  postInterimReply,
  putChapterCalendar,
  putChapterSla,
  putSlaDefaults,
  setMyAbsence,
  slaDefaultsQuery,
  slaKeys,
  standInsQuery,
  ticketStagesQuery,
} from './sla';
import { ticketKeys } from './tickets';

const stage = {
  id: 5,
  stage: 'review',
  holderRole: 'citypresident',
  holderName: null,
  enteredAt: '2026-12-04T11:30:00.000Z',
  dueAt: '2026-12-08T11:30:00.000Z',
  leftAt: null,
  outcome: null,
  alerts: [{ level: 'next-level', at: '2026-12-08T11:31:00.000Z', toRole: 'observer' }],
  extensions: [],
};
const standIn = { id: 9, fullName: 'Asha', role: 'convenor', city: 'Pune' };

describe('the calendar and SLA calls', () => {
  it('reads and writes a chapter calendar', async () => {
    let sent: unknown;
    server.use(
      http.get('*/api/cities/4/calendar', () => json({ cityId: 4, calendar: DEFAULT_CALENDAR })),
      http.put('*/api/cities/4/calendar', async ({ request }) => {
        sent = await request.json();
        return json({ cityId: 4, calendar: sent });
      }),
    );
    expect((await getChapterCalendar(4)).calendar).toEqual(DEFAULT_CALENDAR);
    const changed = { ...DEFAULT_CALENDAR, holidays: [{ date: '2026-12-05', name: 'Chapter day' }] };
    expect((await putChapterCalendar(4, changed)).calendar).toEqual(changed);
    expect(sent).toEqual(changed);
    const query = chapterCalendarQuery(4);
    expect(query.queryKey).toEqual(slaKeys.calendar(4));
    expect((await query.queryFn?.({ signal: new AbortController().signal } as never))?.cityId).toBe(4);
  });

  it('reads and writes the defaults and the overrides', async () => {
    server.use(
      http.get('*/api/sla', () => json({ sla: DEFAULT_SLA })),
      http.put('*/api/sla', async ({ request }) => json({ sla: await request.json() })),
      http.get('*/api/cities/4/sla', () =>
        json({ cityId: 4, overrides: { reviewHours: 8 }, effective: { ...DEFAULT_SLA, reviewHours: 8 } }),
      ),
      http.put('*/api/cities/4/sla', async ({ request }) =>
        json({ cityId: 4, overrides: await request.json(), effective: DEFAULT_SLA }),
      ),
    );
    expect((await getSlaDefaults()).sla).toEqual(DEFAULT_SLA);
    expect((await putSlaDefaults({ ...DEFAULT_SLA, reviewHours: 24 })).sla.reviewHours).toBe(24);
    expect((await getChapterSla(4)).effective.reviewHours).toBe(8);
    expect((await putChapterSla(4, { reviewHours: null })).overrides.reviewHours).toBeNull();
    const signal = new AbortController().signal;
    expect((await slaDefaultsQuery().queryFn?.({ signal } as never))?.sla).toEqual(DEFAULT_SLA);
    expect((await chapterSlaQuery(4).queryFn?.({ signal } as never))?.cityId).toBe(4);
  });

  it('turns a refused write into its error', async () => {
    server.use(
      http.put('*/api/sla', () => json({ error: 'You do not have permission to do this', details: [] }, 403)),
    );
    await expect(putSlaDefaults(DEFAULT_SLA)).rejects.toBeInstanceOf(ApiError);
  });
});

describe("a ticket's stages and interim reply", () => {
  it('reads the chain with the share key, under the ticket detail key', async () => {
    let key: string | null = null;
    server.use(
      http.get('*/api/tickets/7/stages', ({ request }) => {
        key = request.headers.get('X-Access-Key');
        return json({ stages: [stage] });
      }),
    );
    const query = ticketStagesQuery(7, 'k'.repeat(43));
    expect(query.queryKey.slice(0, 3)).toEqual(ticketKeys.detail(7));
    const answer = await query.queryFn?.({ signal: new AbortController().signal } as never);
    expect(answer?.stages[0]?.alerts[0]?.level).toBe('next-level');
    expect(key).toBe('k'.repeat(43));
    expect((await getTicketStages(7)).stages).toHaveLength(1);
    expect(ticketStagesQuery(7).queryKey.at(-1)).toBeNull();
  });

  it('posts an interim reply, and a refusal carries its stable code', async () => {
    server.use(
      http.post('*/api/tickets/7/interim-reply', async ({ request }) => {
        const body = (await request.json()) as { expectedBy: string };
        if (body.expectedBy === '2027-01-30')
          return json(
            {
              error: 'At most 2 interim replies per stage',
              details: [
                {
                  path: 'expectedBy',
                  message: 'At most 2 interim replies per stage',
                  code: 'SLA_TOO_MANY_EXTENSIONS',
                },
              ],
            },
            422,
          );
        return json({
          stage: {
            ...stage,
            extensions: [
              { reason: 'r', expectedBy: body.expectedBy, dueAt: stage.dueAt, createdAt: stage.enteredAt },
            ],
          },
        });
      }),
    );
    expect(
      (await postInterimReply(7, { reason: 'r', expectedBy: '2026-12-15' })).stage.extensions,
    ).toHaveLength(1);
    const refusal = await postInterimReply(7, { reason: 'r', expectedBy: '2027-01-30' }).catch(
      (error) => error,
    );
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal.status).toBe(422);
  });
});

describe("the caller's absence", () => {
  it('reads, sets and clears it, and lists the possible stand-ins', async () => {
    server.use(
      http.get('*/api/users/me/absence', () => json({ absence: null })),
      http.post('*/api/users/me/absence', async ({ request }) => {
        const body = (await request.json()) as { from: string; to: string };
        return json({ absence: { from: body.from, to: body.to, standIn } });
      }),
      http.delete('*/api/users/me/absence', () => json({ absence: null })),
      http.get('*/api/users/me/stand-ins', () => json({ users: [standIn] })),
    );
    expect((await getMyAbsence()).absence).toBeNull();
    expect(
      (await setMyAbsence({ from: '2026-12-01', to: '2026-12-03', standInId: 9 })).absence?.standIn.id,
    ).toBe(9);
    expect((await clearMyAbsence()).absence).toBeNull();
    expect((await listMyStandIns()).users).toEqual([standIn]);
    const signal = new AbortController().signal;
    expect((await absenceQuery().queryFn?.({ signal } as never))?.absence).toBeNull();
    expect((await standInsQuery().queryFn?.({ signal } as never))?.users).toHaveLength(1);
  });
});
