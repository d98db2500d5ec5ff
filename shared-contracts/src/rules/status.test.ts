import { actionForStatus } from './actionForStatus';
import { actionSuccessMessage } from './actionToast';
import { displayedAssignee } from './displayedAssignee';
import { MEMBER_PROGRESS_STEPS, memberProgress } from './memberProgress';
import { memberOutcome, memberStatusNote } from './memberStatusNote';
import { actionFailedMessage } from './messages';
import { BADGE_VARIANT_COLORS, statusBadgeColor, statusBadgeVariant } from './statusBadge';
import {
  isFinalStatus,
  isResolved,
  isTicketStatus,
  normaliseStatus,
  STATUS_FILTER_OPTIONS,
  statusLabel,
} from './ticketStatus';

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
    expect(statusLabel(status)).toBe(label);
    expect(isFinalStatus(status)).toBe(final);
  });
  it('isTicketStatus and isResolved', () => {
    expect(isTicketStatus('in-review')).toBe(true);
    expect(isTicketStatus('closed')).toBe(false);
    expect(isResolved('Resolved')).toBe(true);
    expect(isResolved('approved')).toBe(false);
  });
  it('filter buttons: All, In Review, Approved, Resolved, Rejected', () => {
    expect(STATUS_FILTER_OPTIONS.map((option) => option.label)).toEqual([
      'All',
      'In Review',
      'Approved',
      'Resolved',
      'Rejected',
    ]);
  });
});

describe('actionForStatus (docs/product.md#action-names)', () => {
  it.each([
    ['Approved', 'approve'],
    ['Rejected', 'reject'],
    ['Resolved', 'resolve'],
    ['in-review', 'review'],
    ['pending', null],
    ['closed', null],
  ])('%p → %p', (status, action) => {
    expect(actionForStatus(status)).toBe(action);
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
    expect(actionSuccessMessage(action)).toBe(text);
  });
  it('failure toast', () => {
    expect(actionFailedMessage('Conflict')).toBe('Failed to update ticket: Conflict');
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
    expect(displayedAssignee(status, assignee)).toBe(shown);
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

describe('member progress (docs/product.md#ticket-states)', () => {
  it('steps', () => {
    expect(MEMBER_PROGRESS_STEPS).toEqual(['Pending', 'In Review', 'Resolved']);
  });
  it.each([
    ['pending', 0, 0, 'Pending', false],
    ['', 0, 0, 'Pending', false],
    ['in-review', 1, 50, 'In Review', false],
    ['Approved', 1, 50, 'In Review', false],
    ['resolved', 2, 100, 'Resolved', false],
    ['rejected', 2, 100, 'Rejected', true],
  ])('%p → step %p, %p %, %p, rejected %p', (status, step, percent, label, rejected) => {
    expect(memberProgress(status)).toMatchObject({ step, percent, label, rejected });
  });
  it('a rejected ticket is a full red bar', () => {
    expect(memberProgress('rejected').color).toBe('red');
  });
});

describe('member status note and outcome (docs/product.md#screens)', () => {
  it.each([
    ['approved', 'Your ticket is in review.'],
    ['In-Review', 'Your ticket is in review.'],
    ['pending', null],
    ['resolved', null],
  ])('%p → %p', (status, note) => {
    expect(memberStatusNote(status)).toBe(note);
  });
  it.each([
    [
      { status: 'rejected', rejectionReason: 'Duplicate' },
      { label: 'Rejection Reason', text: 'Duplicate' },
    ],
    [
      { status: 'Resolved', resolutionMethod: 'Fixed' },
      { label: 'Resolution Method', text: 'Fixed' },
    ],
    [{ status: 'rejected', rejectionReason: '  ' }, null],
    [{ status: 'resolved' }, null],
    [{ status: 'pending', rejectionReason: 'x', resolutionMethod: 'y' }, null],
  ])('%p → %p', (ticket, outcome) => {
    expect(memberOutcome(ticket)).toEqual(outcome);
  });
});
