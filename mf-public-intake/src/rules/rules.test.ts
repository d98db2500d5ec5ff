import { i18n, say } from 'shared-contracts';
import { PUBLIC_INTAKE_NS } from '../i18n';
import { MEMBER_PROGRESS_STEPS, memberProgress } from './memberProgress';
import { memberOutcome, memberStatusNote } from './memberStatusNote';
import {
  accessKeyFromHash,
  decodeRouteId,
  encodeRouteId,
  parseTicketRouteId,
  parseUserRouteId,
} from './routeId';
import {
  assignmentPeople,
  cityName,
  committeeName,
  currentAssigneeBadgeColor,
  currentStatusMessage,
  providedEmail,
} from './ticketAssignment';

/** A key of the app's catalogue (or a full key) as the English page shows it. */
const en = (key: string, values?: Record<string, string>) => i18n.t(key, { ns: PUBLIC_INTAKE_NS, ...values });

describe('route ids (docs/product.md#validation: plain or url-safe encoded number)', () => {
  it.each([
    ['42', 42],
    [' 7 ', 7],
    ['007', 7],
    [encodeRouteId(42), 42],
    [encodeRouteId(2_147_483_647), 2_147_483_647],
    ['NDI', 42],
    ['0', null],
    ['-1', null],
    ['1.5', null],
    ['abc', null],
    ['YWJj', null],
    ['!!', null],
    ['A', null],
    ['99999999999', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('decodeRouteId(%p) → %p', (segment, id) => {
    expect(decodeRouteId(segment)).toBe(id);
  });
  it('encodes url-safely, never as plain digits', () => {
    for (const id of [1, 9, 10, 99, 12345, 999_999_999]) {
      const encoded = encodeRouteId(id);
      expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(encoded).not.toMatch(/^\d+$/);
      expect(decodeRouteId(encoded)).toBe(id);
    }
  });
  it.each([
    ['12', { ok: true, id: 12 }],
    ['bad', { ok: false, error: 'Invalid ticket ID. Please try again.' }],
  ])('ticket route %p → %p', (segment, result) => {
    expect(parseTicketRouteId(segment)).toEqual(result);
  });
  it.each([
    ['MzM', { ok: true, id: 33 }],
    ['x', { ok: false, error: 'Invalid user ID. Please try again.' }],
  ])('user route %p → %p', (segment, result) => {
    expect(parseUserRouteId(segment)).toEqual(result);
  });
  it.each([
    ['#key=abc_DEF-1', 'abc_DEF-1'],
    ['key=abc', 'abc'],
    ['#other=1&key=k', 'k'],
    ['#key=', null],
    ['', null],
    [null, null],
  ])('access key from %p → %p', (hash, key) => {
    expect(accessKeyFromHash(hash)).toBe(key);
  });
});

describe('member progress (docs/product.md#ticket-states)', () => {
  it('steps', () => {
    expect(MEMBER_PROGRESS_STEPS.map((step) => en(step))).toEqual(['Pending', 'In Review', 'Resolved']);
  });
  it.each([
    ['pending', 0, 0, 'Pending', false],
    ['', 0, 0, 'Pending', false],
    ['in-review', 1, 50, 'In Review', false],
    ['Approved', 1, 50, 'In Review', false],
    ['resolved', 2, 100, 'Resolved', false],
    ['rejected', 2, 100, 'Rejected', true],
  ])('%p → step %p, %p %, %p, rejected %p', (status, step, percent, label, rejected) => {
    const progress = memberProgress(status);
    expect({ ...progress, label: en(progress.label) }).toMatchObject({ step, percent, label, rejected });
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
    const key = memberStatusNote(status);
    expect(key && en(key)).toBe(note);
  });
  it.each([
    [
      { status: 'rejected', rejectionReason: 'Duplicate' },
      { kind: 'rejectionReason', text: 'Duplicate' },
    ],
    [
      { status: 'Resolved', resolutionMethod: 'Fixed' },
      { kind: 'resolutionMethod', text: 'Fixed' },
    ],
    [{ status: 'rejected', rejectionReason: '  ' }, null],
    [{ status: 'resolved' }, null],
    [{ status: 'pending', rejectionReason: 'x', resolutionMethod: 'y' }, null],
  ])('%p → %p', (ticket, outcome) => {
    expect(memberOutcome(ticket)).toEqual(outcome);
    const shown = memberOutcome(ticket);
    if (shown) expect(en(`ticket.outcome.${shown.kind}`)).toMatch(/^(Rejection Reason|Resolution Method)$/);
  });
});

describe('ticket assignment (docs/product.md#ticket-detail-screen)', () => {
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
  it('the named people, the observer as Office Bearer', () => {
    const person = assignmentPeople(full).at(-1);
    expect(person && { ...person, label: en(person.label) }).toEqual({
      label: 'Office Bearer',
      fullName: 'Chitra',
    });
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
    const status = currentStatusMessage(ticket);
    expect(en(status.key, status.assignee ? { assignee: say(i18n.t, status.assignee) } : undefined)).toBe(
      message,
    );
  });
  it.each([
    ['Resolved', 'green'],
    ['pending', 'cyan'],
  ])('assignee badge for %p → %p', (status, color) => {
    expect(currentAssigneeBadgeColor(status)).toBe(color);
  });
  it('committee and city names', () => {
    expect(committeeName(full)).toBe('Legal');
    expect(committeeName({ committee: null })).toBeNull();
    expect(en('ticketDetail.assignment.notAssigned')).toBe('Not assigned');
    expect(cityName(full)).toBe('Pune');
    expect(cityName({ city: 'Nagpur' })).toBe('Nagpur');
    expect(cityName({})).toBe('');
  });
  it.each([
    ['a@b.co', 'a@b.co'],
    ['', 'Not provided'],
    [null, 'Not provided'],
  ])('email %p → %p', (email, shown) => {
    expect(providedEmail(email) ?? en('ticketDetail.userInfo.notProvided')).toBe(shown);
  });
});
