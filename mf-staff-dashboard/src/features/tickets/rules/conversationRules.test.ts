import { MESSAGE_STATUSES } from 'shared-contracts';
import { staffDashboardEn } from '../../../i18n/en';
import { linkedTicketId } from './linkedTicket';
import { isInternal, STATUS_BADGES } from './messageLabels';

describe('the ticket a /dashboard?ticket= link opens', () => {
  it.each([
    ['42', 42],
    ['1', 1],
    [null, null],
    [undefined, null],
    ['', null],
    ['0', null],
    ['-3', null],
    ['4.5', null],
    ['42abc', null],
    ['99999999999', null],
  ])('%p → %p', (value, id) => {
    expect(linkedTicketId(value)).toBe(id);
  });
});

/** The text a catalogue key names (`a.b.c`), or undefined. */
const textOf = (key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], staffDashboardEn);

describe('the labels of the messages sent', () => {
  it('names every state in the catalogue', () => {
    for (const status of MESSAGE_STATUSES) expect(typeof textOf(STATUS_BADGES[status].key)).toBe('string');
  });

  it('an entry is internal only when it says so', () => {
    expect(isInternal({ visibility: 'internal' })).toBe(true);
    expect(isInternal({ visibility: 'public' })).toBe(false);
    expect(isInternal({})).toBe(false);
    expect(isInternal({ visibility: null })).toBe(false);
  });
});
