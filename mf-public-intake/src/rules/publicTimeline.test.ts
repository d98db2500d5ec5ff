import type { TicketComment } from 'shared-contracts';
import { entryAuthor, lastPublicEntry, publicEntries } from './publicTimeline';

const at = '2026-11-20T09:30:00.000Z';
/** As the api answers them: each entry's event, its values and its English text. */
const entries: TicketComment[] = [
  {
    id: 1,
    action: 'submitted',
    kind: 'ticket.submitted',
    values: {},
    createdAt: at,
    text: 'Ticket submitted',
    visibility: 'public',
  },
  {
    id: 2,
    action: 'note',
    kind: 'staff.noted',
    values: {},
    createdAt: at,
    text: 'Committee note',
    visibility: 'internal',
  },
  {
    id: 3,
    action: 'approve',
    kind: 'ticket.approved',
    values: { comment: 'Approved' },
    createdAt: at,
    text: 'Approved',
  },
  {
    id: 4,
    action: 'note',
    kind: 'staff.noted',
    values: {},
    createdAt: at,
    text: 'Another note',
    visibility: 'internal',
  },
];

test('a member reads the public entries only, in order', () => {
  expect(publicEntries(entries).map((entry) => entry.id)).toEqual([1, 3]);
  expect(publicEntries(null)).toEqual([]);
  expect(publicEntries(undefined)).toEqual([]);
});

test('the last public entry skips the notes after it', () => {
  expect(lastPublicEntry(entries)?.id).toBe(3);
  expect(lastPublicEntry([entries[1] as TicketComment])).toBeNull();
  expect(lastPublicEntry(undefined)).toBeNull();
});

test("an entry's author is its actor, else the help desk", () => {
  expect(entryAuthor({ actionBy: 'Asha Pune' }, 'Help desk')).toBe('Asha Pune');
  expect(entryAuthor({ actionBy: '  ' }, 'Help desk')).toBe('Help desk');
  expect(entryAuthor({ actionBy: null }, 'Help desk')).toBe('Help desk');
  expect(entryAuthor({}, 'Help desk')).toBe('Help desk');
});
