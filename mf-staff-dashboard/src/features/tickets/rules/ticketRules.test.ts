import { i18n } from 'shared-contracts';
import { STAFF_DASHBOARD_NS } from '../../../i18n';
import { actionSuccessMessage } from './actionToast';
import { cardDescriptionPreview, previewWords, tableDescriptionPreview } from './descriptionPreview';
import { STATUS_FILTER_OPTIONS } from './statusFilter';
import { assignedTo, currentlyWith, historyActor, NO_ASSIGNEES, named } from './ticketAssignment';
import { ticketListingPlan } from './ticketListing';
import { ticketListTitle } from './ticketListTitle';

/** The English text of a catalogue key, as the components show it. */
const t = i18n.getFixedT('en', STAFF_DASHBOARD_NS);

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

describe('ticketListingPlan (docs/product.md#ticket-listing-by-role)', () => {
  it.each([
    ['admin', 'all', 'all', null],
    ['credaipresident', 'resolved', 'all', null],
    ['citypresident', 'all', 'cityPresidentPending', 'all'],
    ['citypresident', 'in-review', 'cityPresidentPending', 'all'],
    ['CityPresident', 'approved', 'cityPresidentAll', 'all'],
    ['convenor', 'all', 'convenorAssigned', 'all'],
    ['observer', undefined, 'observerAssigned', 'all'],
    ['observer', 'In-Review', 'observerAssigned', 'all'],
    ['observer', 'approved', 'supplied', 'all'],
    ['observer', 'resolved', 'supplied', 'all'],
    ['observer', 'rejected', 'supplied', 'all'],
    ['observer', 'pending', 'observerAll', 'all'],
    ['governor', 'all', 'governorPending', null],
    ['customer', 'all', 'userOwn', null],
    [null, 'all', 'userOwn', null],
    ['wizard', 'all', 'all', null],
  ])('%p with filter %p → %p, fallback %p', (role, filter, source, fallback) => {
    const plan = ticketListingPlan(role, filter);
    expect(plan.source).toBe(source);
    expect(plan.fallback).toBe(fallback);
  });
  it('flags: city locked, city from the answer, user needed, local status', () => {
    expect(ticketListingPlan('citypresident').cityLocked).toBe(true);
    expect(ticketListingPlan('convenor').cityFromResponse).toBe(true);
    expect(ticketListingPlan('customer').needsUser).toBe(true);
    expect(ticketListingPlan('observer', 'Rejected').localStatus).toBe('rejected');
    expect(ticketListingPlan('admin')).toMatchObject({
      cityLocked: false,
      cityFromResponse: false,
      needsUser: false,
    });
  });
});

describe('ticketListTitle (docs/product.md#screens)', () => {
  it.each([
    ['admin', 'all', 'Admin Ticket Management'],
    ['admin', 'in-review', 'Admin Ticket Management'],
    ['citypresident', 'in-review', 'In Review Tickets for Review'],
    ['citypresident', 'In-Review', 'In Review Tickets for Review'],
    ['citypresident', 'all', 'All City Tickets'],
    ['citypresident', undefined, 'All City Tickets'],
    ['convenor', 'in-review', 'Assigned Tickets for Convenor'],
    ['observer', 'in-review', 'Tickets Awaiting Observer Review'],
    ['observer', 'approved', 'All Office Bearer Tickets'],
    ['governor', 'all', 'Ticket Management'],
    [null, null, 'Ticket Management'],
  ])('%p with filter %p → %p', (role, filter, title) => {
    expect(t(ticketListTitle(role, filter))).toBe(title);
  });
});

describe('action toasts (docs/product.md#errors)', () => {
  it.each([
    ['approve', 'Ticket has been approved successfully!'],
    ['reject', 'Ticket has been rejected.'],
    ['resolve', 'Ticket has been marked as resolved!'],
    ['Review', 'Ticket has been moved to review.'],
    ['close', 'Ticket status updated successfully!'],
    [null, 'Ticket status updated successfully!'],
  ])('%p → %p', (action, text) => {
    expect(t(actionSuccessMessage(action))).toBe(text);
  });
});

describe('the status filter (docs/product.md#ticket-list-panel)', () => {
  it('filter buttons: All, In Review, Approved, Resolved, Rejected', () => {
    expect(STATUS_FILTER_OPTIONS.map((option) => t(option.label))).toEqual([
      'All',
      'In Review',
      'Approved',
      'Resolved',
      'Rejected',
    ]);
  });
});

describe('ticket assignment (docs/product.md#ticket-details-dialog)', () => {
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
    expect(assignedTo(full).map((person) => ({ ...person, label: i18n.t(person.label) }))).toEqual([
      { label: 'City President', fullName: 'Asha' },
      { label: 'Convenor', fullName: 'Bala' },
      { label: 'Observer', fullName: 'Chitra' },
    ]);
    expect(assignedTo({ convenor: { fullName: '' } })).toEqual([]);
    expect(t(NO_ASSIGNEES)).toBe('No users assigned yet');
  });
  it.each([
    [{ currentAssignee: 'Convenor' }, 'Convenor'],
    [{ currentAssignee: null }, 'Pending Assignment'],
    [{}, 'Pending Assignment'],
  ])('currently with %p → %p', (ticket, shown) => {
    expect(named(t, currentlyWith(ticket))).toBe(shown);
  });
  it.each([
    [{ actionBy: 'Asha' }, 'Asha'],
    [{ actionBy: null }, 'System'],
    [{}, 'System'],
  ])('history actor %p → %p', (entry, actor) => {
    expect(named(t, historyActor(entry))).toBe(actor);
  });
});
