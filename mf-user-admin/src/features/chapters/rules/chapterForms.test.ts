import { DEFAULT_CALENDAR } from 'shared-contracts';
import {
  calendarFormValues,
  parseCalendar,
  parseHoliday,
  parseSlaDefaults,
  parseSlaOverrides,
  slaFormValues,
} from './chapterForms';

const DEFAULTS = {
  reviewHours: 16,
  resolutionHours: 80,
  approvalHours: 16,
  maxExtensions: 2,
  maxExtraDays: 21,
  ratingWindowDays: 7,
  reopenWindowDays: 5,
};

describe('the SLA forms (docs/architecture.md#time-and-service-levels)', () => {
  it('shows settings as text, a missing or null value as blank', () => {
    expect(slaFormValues(DEFAULTS)).toEqual({
      reviewHours: '16',
      resolutionHours: '80',
      approvalHours: '16',
      maxExtensions: '2',
      maxExtraDays: '21',
      ratingWindowDays: '7',
      reopenWindowDays: '5',
    });
    expect(slaFormValues({ reviewHours: null, maxExtensions: 0 })).toEqual({
      reviewHours: '',
      resolutionHours: '',
      approvalHours: '',
      maxExtensions: '0',
      maxExtraDays: '',
      ratingWindowDays: '',
      reopenWindowDays: '',
    });
  });

  it('the defaults need every field, whole numbers within the shared bounds', () => {
    expect(parseSlaDefaults({ ...slaFormValues(DEFAULTS), reviewHours: ' 24 ' })).toEqual({
      ok: true,
      data: { ...DEFAULTS, reviewHours: 24 },
    });
    expect(
      parseSlaDefaults({
        reviewHours: '',
        resolutionHours: '0',
        approvalHours: '2921',
        maxExtensions: '11',
        maxExtraDays: '1.5',
        ratingWindowDays: '0',
        reopenWindowDays: '91',
      }),
    ).toEqual({
      ok: false,
      errors: {
        reviewHours: 'chapters.sla.hoursInvalid',
        resolutionHours: 'chapters.sla.hoursInvalid',
        approvalHours: 'chapters.sla.hoursInvalid',
        maxExtensions: 'chapters.sla.extensionsInvalid',
        maxExtraDays: 'chapters.sla.extraDaysInvalid',
        ratingWindowDays: 'chapters.sla.windowInvalid',
        reopenWindowDays: 'chapters.sla.windowInvalid',
      },
    });
    expect(
      parseSlaDefaults({ ...slaFormValues(DEFAULTS), maxExtensions: '0', maxExtraDays: '365' }),
    ).toMatchObject({
      ok: true,
      data: { maxExtensions: 0, maxExtraDays: 365 },
    });
    expect(parseSlaDefaults({ ...slaFormValues(DEFAULTS), maxExtraDays: '-1' })).toMatchObject({ ok: false });
    expect(
      parseSlaDefaults({ ...slaFormValues(DEFAULTS), ratingWindowDays: '1', reopenWindowDays: '90' }),
    ).toMatchObject({ ok: true, data: { ratingWindowDays: 1, reopenWindowDays: 90 } });
  });

  it("a chapter's blank field follows the default (null); a typed one must be valid", () => {
    expect(parseSlaOverrides(slaFormValues({ reviewHours: 8 }))).toEqual({
      ok: true,
      data: {
        reviewHours: 8,
        resolutionHours: null,
        approvalHours: null,
        maxExtensions: null,
        maxExtraDays: null,
        ratingWindowDays: null,
        reopenWindowDays: null,
      },
    });
    expect(parseSlaOverrides({ ...slaFormValues({}), approvalHours: 'two' })).toEqual({
      ok: false,
      errors: { approvalHours: 'chapters.sla.hoursInvalid' },
    });
  });
});

describe('the calendar form', () => {
  const values = calendarFormValues({
    ...DEFAULT_CALENDAR,
    holidays: [
      { date: '2026-12-25', name: 'Christmas' },
      { date: '2026-11-28', name: 'Chapter day' },
    ],
  });

  it('holds the days as strings and parses back, days in week order, holidays by date', () => {
    expect(values.workingDays).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(parseCalendar({ ...values, workingDays: ['6', '1'], timeZone: ' Asia/Kolkata ' })).toEqual({
      ok: true,
      data: {
        workingDays: [1, 6],
        workdayStart: '10:00',
        workdayEnd: '18:00',
        timeZone: 'Asia/Kolkata',
        holidays: [
          { date: '2026-11-28', name: 'Chapter day' },
          { date: '2026-12-25', name: 'Christmas' },
        ],
      },
    });
  });

  it('names each problem: no day, a bad time, an end before the start, an unknown zone', () => {
    expect(parseCalendar({ ...values, workingDays: [] })).toEqual({
      ok: false,
      errors: { workingDays: 'chapters.calendar.noWorkingDay' },
    });
    expect(parseCalendar({ ...values, workdayStart: '9am', workdayEnd: '' })).toEqual({
      ok: false,
      errors: { workdayStart: 'chapters.calendar.timeInvalid', workdayEnd: 'chapters.calendar.timeInvalid' },
    });
    expect(parseCalendar({ ...values, workdayStart: '18:00', workdayEnd: '10:00' })).toEqual({
      ok: false,
      errors: { workdayEnd: 'chapters.calendar.endBeforeStart' },
    });
    expect(parseCalendar({ ...values, workdayStart: '10:00', workdayEnd: '10:00' })).toMatchObject({
      ok: false,
    });
    // A bad start time is named once, not also as an end before it.
    expect(parseCalendar({ ...values, workdayStart: '', workdayEnd: '09:00' })).toEqual({
      ok: false,
      errors: { workdayStart: 'chapters.calendar.timeInvalid' },
    });
    expect(parseCalendar({ ...values, timeZone: 'Mars/Olympus' })).toEqual({
      ok: false,
      errors: { timeZone: 'chapters.calendar.zoneInvalid' },
    });
  });
});

describe('a holiday to add', () => {
  const listed = [{ date: '2026-11-28', name: 'Chapter day' }];

  it('needs a date not listed yet and a name (spaces tidied)', () => {
    expect(parseHoliday('2026-12-25', '  Christmas   Day ', listed)).toEqual({
      ok: true,
      data: { date: '2026-12-25', name: 'Christmas Day' },
    });
    expect(parseHoliday('', ' ', listed)).toEqual({
      ok: false,
      errors: {
        date: 'chapters.calendar.holidayDateRequired',
        name: 'chapters.calendar.holidayNameRequired',
      },
    });
    expect(parseHoliday('2026-11-28', 'Again', listed)).toEqual({
      ok: false,
      errors: { date: 'chapters.calendar.holidayTwice' },
    });
  });

  it('refuses what the shared schema refuses (too long, control characters)', () => {
    expect(parseHoliday('2026-12-25', 'x'.repeat(500), listed)).toEqual({
      ok: false,
      errors: { name: 'chapters.calendar.holidayNameInvalid' },
    });
    expect(parseHoliday('2026-12-25', 'Bad\u0000name', listed)).toMatchObject({ ok: false });
  });
});
