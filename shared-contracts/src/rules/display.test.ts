import { i18n } from '../i18n';
import { assignedPeople } from './ticketAssignment';
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

describe('ticketIdDisplay (docs/product.md#screens)', () => {
  it.each([
    [42, 'CREDAI-42'],
    ['7', 'CREDAI-7'],
  ])('%p → %p', (id, shown) => {
    expect(ticketIdDisplay(id)).toBe(shown);
  });
});

describe('assignedPeople (docs/product.md#ticket-details-dialog, docs/product.md#ticket-detail-screen)', () => {
  it('the city president, convenor and observer present on the ticket, in order', () => {
    const ticket = {
      cityPresident: { fullName: 'Asha' },
      convenor: { fullName: ' Bala ' },
      observer: { fullName: 'Chitra' },
    };
    const shown = (observer: 'observer' | 'officeBearer') =>
      assignedPeople(ticket, observer).map((person) => ({ ...person, label: i18n.t(person.label) }));
    expect(shown('observer')).toEqual([
      { label: 'City President', fullName: 'Asha' },
      { label: 'Convenor', fullName: 'Bala' },
      { label: 'Observer', fullName: 'Chitra' },
    ]);
    expect(shown('officeBearer')[2]).toEqual({ label: 'Office Bearer', fullName: 'Chitra' });
    expect(assignedPeople({ convenor: { fullName: '' } }, 'officeBearer')).toEqual([]);
  });
});
