import { i18n } from '../i18n';
import { say, type Text } from '../i18n/text';
import { type ChapterCalendar, DEFAULT_CALENDAR } from '../schemas/sla';
import { dueLabel, dueTone } from './dueLabel';
import {
  addWorkingTime,
  endOfWorkingDay,
  isoWeekday,
  isWorkingDay,
  localDate,
  workingDayMinutes,
  workingTimeBetween,
  zonedInstant,
  zoneOffset,
} from './workingTime';

/** A time in India (UTC+5:30, no daylight saving): `ist('2026-12-04', '17:00')`. */
const ist = (date: string, time: string) => new Date(`${date}T${time}:00+05:30`);
const HOUR = 60;
const DAY = 8 * HOUR;

/** The default calendar with Saturday 5 December 2026 a holiday. */
const withSaturdayHoliday: ChapterCalendar = {
  ...DEFAULT_CALENDAR,
  holidays: [{ date: '2026-12-05', name: 'Chapter day' }],
};

/** A rule's text as the English page shows it. */
const en = (text: Text | null) => (text ? say(i18n.t, text) : text);

describe('the calendar helpers', () => {
  it('reads weekdays Monday 1 to Sunday 7', () => {
    expect(isoWeekday('2026-12-07')).toBe(1);
    expect(isoWeekday('2026-12-05')).toBe(6);
    expect(isoWeekday('2026-12-06')).toBe(7);
  });

  it('knows working days: working weekdays that are not holidays', () => {
    expect(isWorkingDay('2026-12-04', withSaturdayHoliday)).toBe(true);
    expect(isWorkingDay('2026-12-05', withSaturdayHoliday)).toBe(false);
    expect(isWorkingDay('2026-12-12', withSaturdayHoliday)).toBe(true);
    expect(isWorkingDay('2026-12-06', withSaturdayHoliday)).toBe(false);
  });

  it("reads an instant's day and offset in a zone", () => {
    expect(localDate(new Date('2026-12-04T19:00:00Z'), 'Asia/Kolkata')).toBe('2026-12-05');
    expect(localDate(Date.parse('2026-12-04T18:00:00Z'), 'Asia/Kolkata')).toBe('2026-12-04');
    expect(zoneOffset(Date.parse('2026-12-04T00:00:00Z'), 'Asia/Kolkata')).toBe(330 * 60_000);
    expect(zoneOffset(Date.parse('2026-07-01T00:00:00Z'), 'Europe/Berlin')).toBe(120 * 60_000);
  });

  it('finds the instant of a wall-clock time, across daylight saving too', () => {
    expect(new Date(zonedInstant('2026-12-04', 17 * 60, 'Asia/Kolkata')).toISOString()).toBe(
      '2026-12-04T11:30:00.000Z',
    );
    expect(new Date(zonedInstant('2026-03-28', 10 * 60, 'Europe/Berlin')).toISOString()).toBe(
      '2026-03-28T09:00:00.000Z',
    );
    expect(new Date(zonedInstant('2026-03-30', 10 * 60, 'Europe/Berlin')).toISOString()).toBe(
      '2026-03-30T08:00:00.000Z',
    );
    // 02:30 does not exist in Berlin on 29 March 2026: the offset before the change is used.
    expect(new Date(zonedInstant('2026-03-29', 150, 'Europe/Berlin')).toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
  });

  it('measures a working day', () => {
    expect(workingDayMinutes(DEFAULT_CALENDAR)).toBe(DAY);
    expect(workingDayMinutes({ ...DEFAULT_CALENDAR, workdayStart: '09:30', workdayEnd: '17:00' })).toBe(450);
  });

  it('ends a promised day at the end of its working hours in the chapter', () => {
    expect(endOfWorkingDay('2026-12-11', DEFAULT_CALENDAR)).toEqual(ist('2026-12-11', '18:00'));
  });
});

describe('addWorkingTime', () => {
  it('Friday 17:00 plus 2 working days, Saturday a holiday and Sunday off, is Tuesday 17:00', () => {
    expect(addWorkingTime(ist('2026-12-04', '17:00'), 2 * DAY, withSaturdayHoliday)).toEqual(
      ist('2026-12-08', '17:00'),
    );
  });

  it('without the holiday, Saturday counts', () => {
    expect(addWorkingTime(ist('2026-12-04', '17:00'), 2 * DAY, DEFAULT_CALENDAR)).toEqual(
      ist('2026-12-07', '17:00'),
    );
  });

  it('stays within the day when there is time left in it', () => {
    expect(addWorkingTime(ist('2026-12-04', '10:15'), 90, DEFAULT_CALENDAR)).toEqual(
      ist('2026-12-04', '11:45'),
    );
  });

  it('ends at the close of the day when the time fits exactly', () => {
    expect(addWorkingTime(ist('2026-12-04', '17:00'), HOUR, DEFAULT_CALENDAR)).toEqual(
      ist('2026-12-04', '18:00'),
    );
  });

  it('starts counting at the next working hour when entered before, after or between working days', () => {
    expect(addWorkingTime(ist('2026-12-04', '07:00'), HOUR, DEFAULT_CALENDAR)).toEqual(
      ist('2026-12-04', '11:00'),
    );
    expect(addWorkingTime(ist('2026-12-04', '21:00'), HOUR, DEFAULT_CALENDAR)).toEqual(
      ist('2026-12-05', '11:00'),
    );
    expect(addWorkingTime(ist('2026-12-06', '12:00'), HOUR, DEFAULT_CALENDAR)).toEqual(
      ist('2026-12-07', '11:00'),
    );
  });

  it('gives the start itself for no time', () => {
    const start = ist('2026-12-06', '12:00');
    const result = addWorkingTime(start, 0, DEFAULT_CALENDAR);
    expect(result).toEqual(start);
    expect(result).not.toBe(start);
  });

  it('counts back for a negative time', () => {
    expect(addWorkingTime(ist('2026-12-08', '17:00'), -2 * DAY, withSaturdayHoliday)).toEqual(
      ist('2026-12-04', '17:00'),
    );
    expect(addWorkingTime(ist('2026-12-07', '08:00'), -HOUR, DEFAULT_CALENDAR)).toEqual(
      ist('2026-12-05', '17:00'),
    );
    expect(addWorkingTime(ist('2026-12-07', '12:00'), -HOUR, DEFAULT_CALENDAR)).toEqual(
      ist('2026-12-07', '11:00'),
    );
    expect(addWorkingTime(ist('2026-12-07', '10:00'), -30, DEFAULT_CALENDAR)).toEqual(
      ist('2026-12-05', '17:30'),
    );
  });

  it('follows another zone and its daylight saving', () => {
    const berlin: ChapterCalendar = {
      ...DEFAULT_CALENDAR,
      timeZone: 'Europe/Berlin',
      workingDays: [1, 2, 3, 4, 5],
    };
    // Friday 27 March 17:00 CET + 2 working days → Tuesday 31 March 17:00 CEST.
    expect(addWorkingTime(new Date('2026-03-27T16:00:00Z'), 2 * DAY, berlin)).toEqual(
      new Date('2026-03-31T15:00:00Z'),
    );
  });

  it('refuses a calendar with no working time at all', () => {
    const everyDayOff: ChapterCalendar = { ...DEFAULT_CALENDAR, workingDays: [7], timeZone: 'UTC' };
    const sundays = Array.from({ length: 600 }, (_, week) =>
      new Date(Date.UTC(2026, 11, 6 + 7 * week)).toISOString().slice(0, 10),
    );
    expect(() =>
      addWorkingTime(new Date('2026-12-01T00:00:00Z'), HOUR, {
        ...everyDayOff,
        holidays: sundays.map((date) => ({ date })),
      }),
    ).toThrow('no working time');
  });
});

describe('workingTimeBetween', () => {
  it('counts only working hours of working days', () => {
    expect(
      workingTimeBetween(ist('2026-12-04', '17:00'), ist('2026-12-08', '17:00'), withSaturdayHoliday),
    ).toBe(2 * DAY);
    expect(workingTimeBetween(ist('2026-12-04', '17:00'), ist('2026-12-08', '17:00'), DEFAULT_CALENDAR)).toBe(
      3 * DAY,
    );
  });

  it('is zero within a day off and negative backwards', () => {
    expect(
      workingTimeBetween(ist('2026-12-05', '11:00'), ist('2026-12-06', '15:00'), withSaturdayHoliday),
    ).toBe(0);
    expect(
      workingTimeBetween(ist('2026-12-08', '17:00'), ist('2026-12-04', '17:00'), withSaturdayHoliday),
    ).toBe(-2 * DAY);
  });

  it('counts part of a day and nothing outside the hours', () => {
    expect(workingTimeBetween(ist('2026-12-04', '08:00'), ist('2026-12-04', '10:30'), DEFAULT_CALENDAR)).toBe(
      30,
    );
    expect(workingTimeBetween(ist('2026-12-04', '18:30'), ist('2026-12-04', '23:00'), DEFAULT_CALENDAR)).toBe(
      0,
    );
  });

  it('agrees with addWorkingTime', () => {
    const start = ist('2026-12-03', '13:07');
    for (const minutes of [1, 59, 480, 1000, 5000]) {
      expect(
        workingTimeBetween(start, addWorkingTime(start, minutes, withSaturdayHoliday), withSaturdayHoliday),
      ).toBe(minutes);
    }
  });
});

describe('the due badge: dueLabel and dueTone', () => {
  const due = ist('2026-12-08', '17:00');

  it('says how many working days are left', () => {
    expect(en(dueLabel(due, ist('2026-12-04', '17:00'), withSaturdayHoliday))).toBe('Due in 2 days');
    expect(en(dueLabel(due.toISOString(), ist('2026-12-07', '12:00'), withSaturdayHoliday))).toBe(
      'Due in 1 day',
    );
  });

  it('says hours when less than a working day is left, and within the hour below one', () => {
    expect(en(dueLabel(due, ist('2026-12-08', '14:00'), withSaturdayHoliday))).toBe('Due in 3 hours');
    expect(en(dueLabel(due, ist('2026-12-08', '15:30'), withSaturdayHoliday))).toBe('Due in 1 hour');
    expect(en(dueLabel(due, ist('2026-12-08', '16:30'), withSaturdayHoliday))).toBe('Due within the hour');
  });

  it('says how long it is overdue, in working time', () => {
    expect(en(dueLabel(due, ist('2026-12-08', '17:00'), withSaturdayHoliday))).toBe('Overdue');
    expect(en(dueLabel(due, ist('2026-12-08', '19:00'), withSaturdayHoliday))).toBe('Overdue by 1 hour');
    expect(en(dueLabel(due, ist('2026-12-09', '12:00'), withSaturdayHoliday))).toBe('Overdue by 3 hours');
    expect(en(dueLabel(due, ist('2026-12-11', '17:00'), withSaturdayHoliday))).toBe('Overdue by 3 days');
    expect(en(dueLabel(due, ist('2026-12-09', '17:00'), withSaturdayHoliday))).toBe('Overdue by 1 day');
  });

  it('uses the default calendar when none is given, and has no label without a due time', () => {
    expect(en(dueLabel(ist('2026-12-07', '17:00'), ist('2026-12-04', '17:00')))).toBe('Due in 2 days');
    expect(dueLabel(null, new Date())).toBeNull();
    expect(dueLabel(undefined, new Date())).toBeNull();
  });

  it('returns catalogue keys, not English', () => {
    expect(dueLabel(due, ist('2026-12-04', '17:00'), withSaturdayHoliday)).toEqual({
      key: 'common:due.inDays',
      values: { count: 2 },
    });
  });

  it('tells overdue, due soon (past the reminder point) and on time apart', () => {
    const soon = ist('2026-12-08', '12:00');
    expect(dueTone(due, ist('2026-12-08', '17:00'), soon)).toBe('overdue');
    expect(dueTone(due.toISOString(), ist('2026-12-08', '12:00'), soon.toISOString())).toBe('soon');
    expect(dueTone(due, ist('2026-12-08', '11:59'), soon)).toBe('onTime');
    expect(dueTone(due, ist('2026-12-08', '16:00'))).toBe('onTime');
    expect(dueTone(null, new Date(), soon)).toBeNull();
  });
});
