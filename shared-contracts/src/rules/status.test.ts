import { i18n } from '../i18n';
import { english, say, type Text } from '../i18n/text';
import { displayedAssignee } from './displayedAssignee';
import { BADGE_VARIANT_COLORS, statusBadgeColor, statusBadgeVariant } from './statusBadge';
import { isFinalStatus, isResolved, isTicketStatus, normaliseStatus, statusLabel } from './ticketStatus';

/** A rule's text as the English page shows it (through the catalogue, as a component does). */
const en = (text: Text | null) => (text ? say(i18n.t, text) : text);

describe('ticket status (docs/product.md#ticket-states)', () => {
  it.each([
    ['', 'pending', 'Pending', false],
    [null, 'pending', 'Pending', false],
    ['In-Review', 'in-review', 'In Review', false],
    ['Approved', 'approved', 'Approved', false],
    ['Resolved', 'resolved', 'Resolved', true],
    ['REJECTED', 'rejected', 'Rejected', true],
    ['closed', 'closed', 'closed', false],
  ])('%p → %p, label %p, final %p', (status, normalised, label, final) => {
    expect(normaliseStatus(status)).toBe(normalised);
    expect(en(statusLabel(status))).toBe(label);
    expect(english(statusLabel(status))).toBe(label);
    expect(isFinalStatus(status)).toBe(final);
  });
  it('isTicketStatus and isResolved', () => {
    expect(isTicketStatus('in-review')).toBe(true);
    expect(isTicketStatus('closed')).toBe(false);
    expect(isResolved('Resolved')).toBe(true);
    expect(isResolved('approved')).toBe(false);
  });
});

describe('action failure toast (docs/product.md#errors)', () => {
  it('failure toast', () => {
    expect(i18n.t('common:errors.actionFailed', { message: 'Conflict' })).toBe(
      'Failed to update ticket: Conflict',
    );
  });
});

describe('displayedAssignee (docs/product.md#ticket-states)', () => {
  it.each([
    ['Resolved', 'Convenor', 'Completed'],
    ['resolved', null, 'Completed'],
    ['pending', 'CityPresident', 'City President'],
    ['approved', 'Admin', 'Admin'],
    ['in-review', 'Observer', 'Office Bearer'],
    ['approved', 'Convenor', 'Convenor'],
    ['approved', 'Governor', 'Governor'],
    ['pending', null, 'Unknown'],
    ['pending', '', 'Unknown'],
  ])('%p with %p → %p', (status, assignee, shown) => {
    expect(en(displayedAssignee(status, assignee))).toBe(shown);
  });
});

describe('badge colours per screen (docs/product.md#ticket-states)', () => {
  it.each([
    ['pending', 'warning', 'warning'],
    ['approved', 'primary', 'primary'],
    ['Resolved', 'success', 'success'],
    ['rejected', 'danger', 'danger'],
    ['in-review', 'info', 'primary'],
    ['', 'warning', 'warning'],
    ['closed', 'secondary', 'secondary'],
  ])('%p → list %p, member %p', (status, list, member) => {
    expect(statusBadgeVariant(status, 'list')).toBe(list);
    expect(statusBadgeVariant(status, 'member')).toBe(member);
  });
  it('maps variants to Mantine colours', () => {
    expect(statusBadgeColor('rejected', 'list')).toBe('red');
    expect(statusBadgeColor('in-review', 'list')).toBe(BADGE_VARIANT_COLORS.info);
    expect(statusBadgeColor('in-review', 'member')).toBe('blue');
  });
});
