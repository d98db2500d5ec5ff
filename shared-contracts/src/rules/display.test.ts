import { cardDescriptionPreview, previewWords, tableDescriptionPreview } from './descriptionPreview';
import {
  assignedTo,
  assignmentPeople,
  cityName,
  cityPresidentFieldText,
  committeeName,
  currentAssigneeBadgeColor,
  currentlyWith,
  currentStatusMessage,
  emailOrNotProvided,
  historyActor,
  NO_ASSIGNEES,
} from './ticketAssignment';
import { ticketIdDisplay } from './ticketIdDisplay';
import { countWords } from './wordCount';

describe('countWords (docs/product.md#validation)', () => {
  it.each([
    ['', 0],
    ['   ', 0],
    [null, 0],
    [undefined, 0],
    ['one', 1],
    ['  two   words ', 2],
    ['line\nbreak\ttab', 3],
  ])('%p → %p', (text, count) => {
    expect(countWords(text)).toBe(count);
  });
});

describe('description previews (docs/product.md#screens)', () => {
  it.each([
    ['one two three four five six', 'one two three four five...'],
    ['one two three four five', 'one two three four five'],
    ['  short  text ', 'short text'],
    ['', ''],
    [null, ''],
  ])('table %p → %p', (text, preview) => {
    expect(tableDescriptionPreview(text)).toBe(preview);
  });
  it('card shows 10 words', () => {
    const text = 'a b c d e f g h i j k l';
    expect(cardDescriptionPreview(text)).toBe('a b c d e f g h i j...');
    expect(previewWords('a b', 10)).toBe('a b');
  });
});

describe('ticketIdDisplay (docs/product.md#screens)', () => {
  it.each([
    [42, 'CREDAI-42'],
    ['7', 'CREDAI-7'],
  ])('%p → %p', (id, shown) => {
    expect(ticketIdDisplay(id)).toBe(shown);
  });
});

describe('ticket assignment (docs/product.md#ticket-details-dialog dialog and detail screen)', () => {
  const full = {
    status: 'approved',
    currentAssignee: 'Convenor',
    city: 'pune',
    cityData: { name: 'Pune' },
    committee: { name: 'Legal' },
    cityPresident: { fullName: 'Asha' },
    convenor: { fullName: ' Bala ' },
    observer: { fullName: 'Chitra' },
  };
  it('assigned to: city president, convenor, observer', () => {
    expect(assignedTo(full)).toEqual([
      { label: 'City President', fullName: 'Asha' },
      { label: 'Convenor', fullName: 'Bala' },
      { label: 'Observer', fullName: 'Chitra' },
    ]);
    expect(assignmentPeople(full).at(-1)).toEqual({ label: 'Office Bearer', fullName: 'Chitra' });
    expect(assignedTo({ convenor: { fullName: '' } })).toEqual([]);
    expect(NO_ASSIGNEES).toBe('No users assigned yet');
  });
  it.each([
    [{ currentAssignee: 'Convenor' }, 'Convenor'],
    [{ currentAssignee: null }, 'Pending Assignment'],
    [{}, 'Pending Assignment'],
  ])('currently with %p → %p', (ticket, shown) => {
    expect(currentlyWith(ticket)).toBe(shown);
  });
  it.each([
    [{ status: 'Resolved', currentAssignee: 'Completed' }, 'This ticket has been successfully resolved.'],
    [
      { status: 'approved', currentAssignee: 'Convenor' },
      'Your ticket is currently being handled by Convenor.',
    ],
    [
      { status: 'pending', currentAssignee: 'Observer' },
      'Your ticket is currently being handled by Office Bearer.',
    ],
  ])('status message %p → %p', (ticket, message) => {
    expect(currentStatusMessage(ticket)).toBe(message);
  });
  it.each([
    ['Resolved', 'green'],
    ['pending', 'cyan'],
  ])('assignee badge for %p → %p', (status, color) => {
    expect(currentAssigneeBadgeColor(status)).toBe(color);
  });
  it('committee and city names', () => {
    expect(committeeName(full)).toBe('Legal');
    expect(committeeName({ committee: null })).toBe('Not assigned');
    expect(cityName(full)).toBe('Pune');
    expect(cityName({ city: 'Nagpur' })).toBe('Nagpur');
    expect(cityName({})).toBe('');
  });
  it.each([
    ['a@b.co', 'a@b.co'],
    ['', 'Not provided'],
    [null, 'Not provided'],
  ])('email %p → %p', (email, shown) => {
    expect(emailOrNotProvided(email)).toBe(shown);
  });
  it.each([
    [{ actionBy: 'Asha' }, 'Asha'],
    [{ actionBy: null }, 'System'],
    [{}, 'System'],
  ])('history actor %p → %p', (entry, actor) => {
    expect(historyActor(entry)).toBe(actor);
  });
  it.each([
    [{ state: 'loading' } as const, 'Loading...'],
    [{ state: 'failed' } as const, 'Not available'],
    [{ state: 'empty' } as const, ''],
    [{ state: 'found', fullName: 'Asha' } as const, 'Asha'],
    [{ state: 'found', fullName: null } as const, 'Not assigned'],
  ])('city president field %p → %p', (lookup, text) => {
    expect(cityPresidentFieldText(lookup)).toBe(text);
  });
});
