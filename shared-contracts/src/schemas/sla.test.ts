import { canStandIn } from '../rules/standIn';
import {
  absenceRequestSchema,
  chapterCalendarSchema,
  DEFAULT_CALENDAR,
  DEFAULT_SLA,
  effectiveSla,
  interimReplySchema,
  isTimeZone,
  slaOverridesSchema,
  slaSettingsSchema,
} from './sla';
import { ticketListQuerySchema, ticketSchema } from './tickets';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('a chapter calendar', () => {
  it('takes the default calendar and a holiday list', () => {
    const parsed = chapterCalendarSchema.parse({
      ...DEFAULT_CALENDAR,
      holidays: [{ date: '2026-12-05', name: ' Chapter day ' }],
    });
    expect(parsed.holidays).toEqual([{ date: '2026-12-05', name: 'Chapter day' }]);
    expect(DEFAULT_CALENDAR).toMatchObject({ workingDays: [1, 2, 3, 4, 5, 6], timeZone: 'Asia/Kolkata' });
  });

  it.each([
    [{ workingDays: [] }, 'At least one working day is needed'],
    [{ workingDays: [1, 1] }, 'Each day at most once'],
    [{ workingDays: [8] }, undefined],
    [{ workdayStart: '24:00' }, 'Must be a time HH:MM between 00:00 and 23:59'],
    [{ workdayStart: '18:00', workdayEnd: '10:00' }, 'The working day must end after it starts'],
    [{ timeZone: 'Mars/Olympus' }, 'Must be an IANA time zone such as Asia/Kolkata'],
    [{ timeZone: 'Asia/Kolkata\u0000' }, 'Must be an IANA time zone such as Asia/Kolkata'],
    [{ holidays: [{ date: '2026-12-05', name: '' }] }, 'Holiday name is required'],
    [{ holidays: [{ date: '2026-12-05', name: 'a\u0000' }] }, 'Must not contain control characters'],
    [
      {
        holidays: [
          { date: '2026-12-05', name: 'A' },
          { date: '2026-12-05', name: 'B' },
        ],
      },
      'Each date at most once',
    ],
    [{ holidays: [{ date: '5 Dec', name: 'A' }] }, undefined],
  ])('refuses %p', (change, message) => {
    const result = chapterCalendarSchema.safeParse({ ...DEFAULT_CALENDAR, ...change });
    expect(result.success).toBe(false);
    if (message) expect(messages(result)).toContain(message);
  });

  it('knows time zones', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Not/AZone')).toBe(false);
    expect(isTimeZone('../etc')).toBe(false);
  });
});

describe('the SLA settings', () => {
  it('takes the defaults: 2 extensions and 21 extra days per stage', () => {
    expect(slaSettingsSchema.parse(DEFAULT_SLA)).toEqual(DEFAULT_SLA);
    expect(DEFAULT_SLA).toMatchObject({ maxExtensions: 2, maxExtraDays: 21 });
  });

  it.each([
    { reviewHours: 0 },
    { reviewHours: 1.5 },
    { resolutionHours: 3000 },
    { maxExtensions: -1 },
    { maxExtraDays: 400 },
  ])('refuses %p', (change) => {
    expect(slaSettingsSchema.safeParse({ ...DEFAULT_SLA, ...change }).success).toBe(false);
  });

  it('takes null or absent overrides, which use the defaults', () => {
    const overrides = slaOverridesSchema.parse({ reviewHours: 8, resolutionHours: null });
    expect(effectiveSla(DEFAULT_SLA, overrides)).toEqual({ ...DEFAULT_SLA, reviewHours: 8 });
    expect(effectiveSla(DEFAULT_SLA, null)).toEqual(DEFAULT_SLA);
    expect(
      effectiveSla(DEFAULT_SLA, {
        reviewHours: 1,
        resolutionHours: 2,
        approvalHours: 3,
        maxExtensions: 0,
        maxExtraDays: 0,
      }),
    ).toEqual({
      reviewHours: 1,
      resolutionHours: 2,
      approvalHours: 3,
      maxExtensions: 0,
      maxExtraDays: 0,
      ratingWindowDays: 7,
      reopenWindowDays: 5,
    });
    expect(effectiveSla(DEFAULT_SLA, { ratingWindowDays: 10, reopenWindowDays: null })).toMatchObject({
      ratingWindowDays: 10,
      reopenWindowDays: 5,
    });
    const { ratingWindowDays: _rating, reopenWindowDays: _reopen, ...older } = DEFAULT_SLA;
    expect(effectiveSla(older, null)).toEqual(DEFAULT_SLA);
    expect(slaOverridesSchema.safeParse({ ratingWindowDays: 0 }).success).toBe(false);
    expect(slaOverridesSchema.safeParse({ reopenWindowDays: 91 }).success).toBe(false);
    expect(slaOverridesSchema.safeParse({ approvalHours: 0 }).success).toBe(false);
  });
});

describe('an interim reply and an absence', () => {
  it('takes a reason and an expected day', () => {
    expect(
      interimReplySchema.parse({ reason: ' Waiting for the builder\n ', expectedBy: '2026-12-15' }),
    ).toEqual({
      reason: 'Waiting for the builder',
      expectedBy: '2026-12-15',
    });
    expect(messages(interimReplySchema.safeParse({ reason: ' ', expectedBy: '2026-12-15' }))).toContain(
      'A reason is required',
    );
    expect(interimReplySchema.safeParse({ reason: 'a\u0000', expectedBy: '2026-12-15' }).success).toBe(false);
    expect(interimReplySchema.safeParse({ reason: 'a', expectedBy: '2026-12-15T10:00:00Z' }).success).toBe(
      false,
    );
  });

  it('takes an absence whose last day is not before its first', () => {
    expect(
      absenceRequestSchema.safeParse({ from: '2026-12-01', to: '2026-12-01', standInId: 3 }).success,
    ).toBe(true);
    expect(
      messages(absenceRequestSchema.safeParse({ from: '2026-12-02', to: '2026-12-01', standInId: 3 })),
    ).toContain('The last day must not be before the first');
  });
});

describe('the due fields of the lists', () => {
  it('takes due=overdue|soon and sort=due, nothing else', () => {
    expect(ticketListQuerySchema.parse({ due: 'overdue', sort: 'due' })).toMatchObject({
      due: 'overdue',
      sort: 'due',
    });
    expect(ticketListQuerySchema.safeParse({ due: 'late' }).success).toBe(false);
    expect(ticketListQuerySchema.safeParse({ sort: 'title' }).success).toBe(false);
  });

  it("carries a row's stage, due time and escalation", () => {
    const row = ticketSchema.parse({
      id: 1,
      title: 't',
      description: 'd',
      status: 'pending',
      createdAt: '2026-12-04T11:30:00.000Z',
      stage: 'review',
      dueAt: '2026-12-08T11:30:00.000Z',
      dueSoonAt: null,
      escalation: 'next-level',
    });
    expect(row).toMatchObject({ stage: 'review', escalation: 'next-level', dueSoonAt: null });
  });
});

describe('who may stand in: canStandIn', () => {
  const convenor = { id: 1, role: 'convenor', city: 'Pune' };
  it.each([
    [{ id: 2, role: 'convenor', city: ' pune ' }, true],
    [{ id: 2, role: 'citypresident', city: 'Pune' }, true],
    [{ id: 2, role: 'observer', city: 'Pune' }, true],
    [{ id: 2, role: 'credaipresident', city: null }, true],
    [{ id: 2, role: 'admin', city: 'Mumbai' }, true],
    [{ id: 2, role: 'convenor', city: 'Mumbai' }, false],
    [{ id: 2, role: 'customer', city: 'Pune' }, false],
    [{ id: 1, role: 'convenor', city: 'Pune' }, false],
  ])('a convenor of Pune: %p → %p', (candidate, allowed) => {
    expect(canStandIn(convenor, candidate)).toBe(allowed);
  });

  it('a higher role may not be replaced by a lower one, and a role over every chapter needs no city', () => {
    expect(
      canStandIn({ id: 1, role: 'observer', city: 'Pune' }, { id: 2, role: 'citypresident', city: 'Pune' }),
    ).toBe(false);
    expect(
      canStandIn({ id: 1, role: 'credaipresident', city: null }, { id: 2, role: 'admin', city: null }),
    ).toBe(true);
    expect(canStandIn({ id: 1, role: 'customer', city: 'Pune' }, { id: 2, role: 'admin', city: null })).toBe(
      false,
    );
    expect(canStandIn({ id: 1, role: 'convenor', city: null }, { id: 2, role: 'convenor', city: null })).toBe(
      false,
    );
  });
});
