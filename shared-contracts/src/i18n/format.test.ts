import {
  formatDate,
  formatDateTime,
  formatDay,
  formatMonth,
  formatNumber,
  formatTime,
  formatWhen,
  localeOf,
} from './format';
import { i18n, setLanguage } from './index';

// Noon UTC: the same calendar day in every time zone the tests may run in.
const NOON = '2026-11-27T12:00:00.000Z';
const zoneFree = (options: Intl.DateTimeFormatOptions, locale: string) =>
  new Intl.DateTimeFormat(locale, options).format(new Date(NOON));

describe('dates and numbers in the page language', () => {
  afterEach(() => setLanguage('en'));

  it('uses en-IN, hi-IN and mr-IN for the three languages', () => {
    expect(localeOf('en')).toBe('en-IN');
    expect(localeOf('hi')).toBe('hi-IN');
    expect(localeOf('mr')).toBe('mr-IN');
    expect(localeOf()).toBe('en-IN');
  });

  it('writes a day as each language does', () => {
    expect(formatDate(NOON, 'en')).toBe('27 Nov 2026');
    expect(formatDate(NOON, 'hi')).toBe('27 नव॰ 2026');
    expect(formatDate(NOON, 'mr')).toBe('२७ नोव्हें, २०२६');
    expect(formatDate(new Date(NOON), 'en')).toBe('27 Nov 2026');
    expect(formatDate(Date.parse(NOON), 'en')).toBe('27 Nov 2026');
  });

  it('writes the time and the day with the time in the locale', () => {
    const time = { hour: '2-digit', minute: '2-digit' } as const;
    expect(formatTime(NOON, 'en')).toBe(zoneFree(time, 'en-IN'));
    expect(formatTime(NOON, 'mr')).toBe(zoneFree(time, 'mr-IN'));
    expect(formatTime(NOON, 'mr')).toMatch(/^[०-९]{2}:[०-९]{2}/);
    expect(formatDateTime(NOON, 'hi')).toBe(
      zoneFree({ year: 'numeric', month: 'short', day: 'numeric', ...time }, 'hi-IN'),
    );
    expect(formatWhen(NOON, 'dateTimeSeconds', 'en')).toBe(
      zoneFree({ year: 'numeric', month: 'short', day: 'numeric', ...time, second: '2-digit' }, 'en-IN'),
    );
  });

  it('follows the page language when none is given', async () => {
    expect(formatDate(NOON)).toBe('27 Nov 2026');
    expect(formatNumber(1234567)).toBe('12,34,567');
    await setLanguage('mr');
    expect(formatDate(NOON)).toBe('२७ नोव्हें, २०२६');
    expect(formatNumber(1234567)).toBe('१२,३४,५६७');
    await setLanguage('hi');
    expect(formatNumber(1234567)).toBe('12,34,567');
  });

  it('shows nothing for a missing or unreadable time, never Invalid Date', () => {
    expect(formatDate(undefined)).toBe('');
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatTime('not a time')).toBe('');
    expect(formatDateTime('2026-13-45')).toBe('');
  });

  it('writes a calendar day as it is, never shifted by a time zone, with its weekday when asked', () => {
    expect(formatDay('2026-11-27', false, 'en')).toBe('27 Nov 2026');
    expect(formatDay('2026-01-01', false, 'mr')).toBe('१ जाने, २०२६');
    expect(formatDay('2026-11-27', true, 'en')).toBe('Fri, 27 Nov, 2026');
    expect(formatDay('2026-11-27')).toBe('27 Nov 2026');
    expect(formatDay('27/11/2026')).toBe('');
    expect(formatDay(null)).toBe('');
    expect(formatDay('2026-99-99')).toBe('');
  });

  it('writes a calendar month as the language does', () => {
    expect(formatMonth('2026-11', 'en')).toBe('Nov 2026');
    expect(formatMonth('2026-01', 'mr')).toMatch(/^जाने.* २०२६$/);
    expect(formatMonth('2026-11')).toBe('Nov 2026');
    expect(formatMonth('2026-13')).toBe('');
    expect(formatMonth('2026-00')).toBe('');
    expect(formatMonth('Nov')).toBe('');
    expect(formatMonth(null)).toBe('');
  });

  it('passes number options on (percent, decimals)', () => {
    expect(formatNumber(0.25, { style: 'percent' }, 'en')).toBe('25%');
    expect(formatNumber(3.4163, { maximumFractionDigits: 2 }, 'mr')).toBe('३.४२');
    expect(formatNumber(42, {}, 'en')).toBe('42');
  });

  it("formats a catalogue's {{n, number}} in the locale of the language", async () => {
    i18n.addResourceBundle('en', 'formatProbe', { total: '{{total, number}}+' }, true, true);
    i18n.addResourceBundle('mr', 'formatProbe', { total: '{{total, number}}+' }, true, true);
    expect(i18n.t('formatProbe:total', { total: 100000 })).toBe('1,00,000+');
    await setLanguage('mr');
    expect(i18n.t('formatProbe:total', { total: 100000 })).toBe('१,००,०००+');
  });
});
