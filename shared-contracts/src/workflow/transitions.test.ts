import {
  allowedActions,
  applyPatch,
  CITY_SCOPED_ROLES,
  DIALOG_ACTIONS,
  decide,
  dialogActions,
  GUARD_REASONS,
  OTHER_CITY_REASON,
  STALE_REASON,
  statusAfterAction,
  TEXT_REQUIRED_REASONS,
  TRANSITIONS,
  transitionFor,
  UNAUTHORIZED_ROLE_REASON,
  type WorkflowActor,
  type WorkflowTicket,
} from './transitions';

const actor = (role: string, city: string | null = 'Pune'): WorkflowActor => ({ role, city });
const ADMIN = actor('admin', null);
const CP = actor('citypresident');
const CONVENOR = actor('convenor');
const OBSERVER = actor('observer');
const GOVERNOR = actor('governor', null);
const CREDAI = actor('credaipresident', null);
const CUSTOMER = actor('customer', null);

const fresh: WorkflowTicket = { status: 'pending', city: 'Pune', cityData: { name: 'Pune' }, observerId: 9 };
const cpApproved: WorkflowTicket = { ...fresh, status: 'approved', cityPresidentStatus: 'approved' };
const adminApproved: WorkflowTicket = { ...fresh, status: 'in-review', adminStatus: 'approved' };
const awaitingObserver: WorkflowTicket = { ...cpApproved, status: 'in-review', convenorStatus: 'resolved' };
const reviewed: WorkflowTicket = { ...fresh, status: 'in-review' };
const resolved: WorkflowTicket = { ...cpApproved, status: 'resolved' };
const rejected: WorkflowTicket = { ...fresh, status: 'rejected' };

describe('the table is docs/architecture.md#workflow', () => {
  it('has one row per actor and action', () => {
    const pairs = TRANSITIONS.flatMap((row) => row.actors.map((role) => `${role}:${row.action}`));
    expect(new Set(pairs).size).toBe(pairs.length);
    expect(pairs.sort()).toEqual(
      [
        'citypresident:approve',
        'admin:approve',
        'admin:resolve',
        'citypresident:resolve',
        'convenor:resolve',
        'observer:resolve',
        'admin:reject',
        'citypresident:reject',
        'convenor:reject',
        'observer:reject',
        'convenor:review',
        'observer:review',
        'governor:review',
        'member:rate',
        'member:reopen',
        'member:appeal',
        'credaipresident:appeal.uphold',
        'credaipresident:appeal.remand',
        'credaipresident:appeal.dismiss',
        'admin:transfer',
        'citypresident:transfer',
      ].sort(),
    );
  });
  it('names its reasons and scopes once', () => {
    expect(CITY_SCOPED_ROLES).toEqual(['citypresident', 'convenor', 'observer']);
    expect(DIALOG_ACTIONS).toEqual(['approve', 'reject', 'resolve']);
    expect(Object.keys(GUARD_REASONS)).toHaveLength(16);
    expect(TEXT_REQUIRED_REASONS).toMatchObject({
      reject: 'A rejection reason is required',
      resolve: 'A resolution reason is required',
      reopen: 'A reason is required',
      transfer: 'A reason is required',
    });
    expect([OTHER_CITY_REASON, STALE_REASON, UNAUTHORIZED_ROLE_REASON]).toEqual([
      'This ticket belongs to another city',
      'This ticket was changed by someone else. Reload it and try again.',
      'Unauthorized role',
    ]);
  });
  it('finds a row by role in any case', () => {
    expect(transitionFor('CityPresident', 'approve')?.effect).toContain('assignee Convenor');
    expect(transitionFor('governor', 'approve')).toBeUndefined();
  });
});

describe('decide: accepted transitions and their effects', () => {
  it.each<[string, WorkflowActor, string, WorkflowTicket, string, object]>([
    [
      'city president approves',
      CP,
      'approve',
      fresh,
      '',
      { status: 'approved', cityPresidentStatus: 'approved', currentAssignee: 'Convenor' },
    ],
    ['city president approves a reviewed ticket', CP, 'approve', reviewed, 'ok', { status: 'approved' }],
    [
      'admin approves',
      ADMIN,
      'approve',
      fresh,
      '',
      { status: 'in-review', adminStatus: 'approved', currentAssignee: 'Convenor' },
    ],
    [
      'admin resolves',
      ADMIN,
      'resolve',
      fresh,
      ' Fixed ',
      { status: 'resolved', currentAssignee: 'Completed', resolutionMethod: 'Fixed' },
    ],
    [
      'city president resolves',
      CP,
      'resolve',
      cpApproved,
      'Done',
      { status: 'resolved', currentAssignee: 'Completed' },
    ],
    [
      'convenor resolves, observer pending',
      CONVENOR,
      'resolve',
      cpApproved,
      'Repaired',
      {
        status: 'in-review',
        convenorStatus: 'resolved',
        currentAssignee: 'Observer',
        resolutionMethod: 'Repaired',
      },
    ],
    [
      'convenor resolves, observer named only',
      CONVENOR,
      'resolve',
      { ...adminApproved, observerId: null, observer: { fullName: 'O' } },
      'R',
      { status: 'in-review', currentAssignee: 'Observer' },
    ],
    [
      'convenor resolves, no observer',
      CONVENOR,
      'resolve',
      { ...cpApproved, observerId: null },
      'R',
      { status: 'resolved', convenorStatus: 'resolved', currentAssignee: 'Completed' },
    ],
    [
      'convenor resolves, observer already approved',
      CONVENOR,
      'resolve',
      { ...cpApproved, observerStatus: 'approved' },
      'R',
      { status: 'resolved', currentAssignee: 'Completed' },
    ],
    [
      'observer gives final approval',
      OBSERVER,
      'resolve',
      { ...awaitingObserver, resolutionMethod: 'Repaired' },
      'Verified',
      {
        status: 'resolved',
        observerStatus: 'approved',
        currentAssignee: 'Completed',
        resolutionMethod: 'Repaired',
      },
    ],
    [
      'observer resolves first',
      OBSERVER,
      'resolve',
      adminApproved,
      'Verified',
      { status: 'resolved', resolutionMethod: 'Verified' },
    ],
    [
      'admin rejects',
      ADMIN,
      'reject',
      fresh,
      'Spam',
      { status: 'rejected', adminStatus: 'rejected', rejectionReason: 'Spam' },
    ],
    [
      'city president rejects',
      CP,
      'reject',
      cpApproved,
      'No',
      { status: 'rejected', cityPresidentStatus: 'rejected' },
    ],
    ['convenor rejects', CONVENOR, 'reject', fresh, 'No', { status: 'rejected', convenorStatus: 'rejected' }],
    [
      'observer rejects',
      OBSERVER,
      'reject',
      awaitingObserver,
      'No',
      { status: 'rejected', observerStatus: 'rejected' },
    ],
    ['convenor reviews', CONVENOR, 'review', fresh, '', { status: 'in-review', convenorStatus: 'in-review' }],
    [
      'observer reviews an approved ticket',
      OBSERVER,
      'review',
      cpApproved,
      '',
      { status: 'in-review', observerStatus: 'in-review' },
    ],
    ['governor reviews', GOVERNOR, 'review', fresh, '', { status: 'in-review' }],
  ])('%s', (_name, who, action, ticket, comment, patch) => {
    const decision = decide(who, action, ticket, { comment });
    expect(decision.ok).toBe(true);
    if (decision.ok) expect(decision.patch).toMatchObject(patch);
  });

  it('governor review sets no own status field', () => {
    const decision = decide(GOVERNOR, 'review', fresh, { comment: '' });
    expect(decision.ok && decision.patch).toEqual({ status: 'in-review' });
  });

  it('the history entry is the comment, or a default naming the role', () => {
    const withText = decide(CP, 'approve', fresh, { comment: '  Looks right ' });
    expect(withText.ok && withText.history).toEqual({ action: 'approve', text: 'Looks right' });
    const cases: [WorkflowActor, string, string][] = [
      [CP, 'approve', 'Approved by City President'],
      [OBSERVER, 'review', 'Moved to review by Office Bearer'],
      [GOVERNOR, 'review', 'Moved to review by Governor'],
    ];
    for (const [who, action, text] of cases) {
      const decision = decide(who, action, fresh, { comment: '' });
      expect(decision.ok && decision.history.text).toBe(text);
    }
  });

  it('applyPatch gives the ticket as it reads after the action', () => {
    const decision = decide(CP, 'approve', fresh);
    expect(decision.ok && applyPatch(fresh, decision.patch)).toMatchObject({
      status: 'approved',
      city: 'Pune',
    });
  });
});

describe('decide: refusals', () => {
  it.each<[string, WorkflowActor, string, WorkflowTicket, string | undefined, string, number, string]>([
    ['customer approves', CUSTOMER, 'approve', fresh, '', 'unauthorized-role', 403, 'Unauthorized role'],
    [
      'credai president approves',
      CREDAI,
      'approve',
      fresh,
      '',
      'unauthorized-role',
      403,
      'Unauthorized role',
    ],
    ['governor approves', GOVERNOR, 'approve', fresh, '', 'unauthorized-role', 403, 'Unauthorized role'],
    ['unknown role', actor('wizard'), 'reject', fresh, 'x', 'unauthorized-role', 403, 'Unauthorized role'],
    ['unknown action', ADMIN, 'close', fresh, 'x', 'unauthorized-role', 403, 'Unauthorized role'],
    [
      'city president of another city',
      actor('citypresident', 'Mumbai'),
      'approve',
      fresh,
      '',
      'other-city',
      403,
      'This ticket belongs to another city',
    ],
    [
      'convenor without a city',
      actor('convenor', null),
      'review',
      fresh,
      '',
      'other-city',
      403,
      'This ticket belongs to another city',
    ],
    [
      'observer of another city',
      actor('observer', 'Nagpur'),
      'reject',
      { status: 'pending', city: 'Pune' },
      'x',
      'other-city',
      403,
      'This ticket belongs to another city',
    ],
    [
      'approve an approved ticket',
      ADMIN,
      'approve',
      { ...fresh, status: 'approved' },
      '',
      'not-allowed',
      409,
      'Only a pending or in-review ticket can be approved',
    ],
    [
      'approve a resolved ticket',
      CP,
      'approve',
      resolved,
      '',
      'not-allowed',
      409,
      'Only a pending or in-review ticket can be approved',
    ],
    [
      'admin approves after admin approval',
      ADMIN,
      'approve',
      adminApproved,
      '',
      'not-allowed',
      409,
      'This ticket has already been approved',
    ],
    [
      'city president approves after admin approval',
      CP,
      'approve',
      adminApproved,
      '',
      'not-allowed',
      409,
      'This ticket has already been approved',
    ],
    [
      'admin approves after city president approval',
      ADMIN,
      'approve',
      { ...reviewed, cityPresidentStatus: 'Approved' },
      '',
      'not-allowed',
      409,
      'This ticket has already been approved',
    ],
    [
      'resolve a rejected ticket',
      ADMIN,
      'resolve',
      rejected,
      'x',
      'not-allowed',
      409,
      'This ticket is already resolved or rejected',
    ],
    [
      'reject a resolved ticket',
      CP,
      'reject',
      resolved,
      'x',
      'not-allowed',
      409,
      'This ticket is already resolved or rejected',
    ],
    [
      'convenor resolves before approval',
      CONVENOR,
      'resolve',
      reviewed,
      'x',
      'not-allowed',
      409,
      'This ticket has not been approved by the Admin or City President yet',
    ],
    [
      'observer resolves before approval',
      OBSERVER,
      'resolve',
      fresh,
      'x',
      'not-allowed',
      409,
      'This ticket has not been approved by the Admin or City President yet',
    ],
    [
      'convenor resolves twice',
      CONVENOR,
      'resolve',
      awaitingObserver,
      'x',
      'not-allowed',
      409,
      "This ticket is awaiting the Office Bearer's final approval",
    ],
    [
      'review an in-review ticket',
      GOVERNOR,
      'review',
      reviewed,
      '',
      'not-allowed',
      409,
      'Only a pending or approved ticket can be moved to review',
    ],
    [
      'review a rejected ticket',
      CONVENOR,
      'review',
      rejected,
      '',
      'not-allowed',
      409,
      'Only a pending or approved ticket can be moved to review',
    ],
    [
      'reject without a reason',
      ADMIN,
      'reject',
      fresh,
      '   ',
      'text-required',
      400,
      'A rejection reason is required',
    ],
    [
      'resolve without a reason',
      CP,
      'resolve',
      fresh,
      '',
      'text-required',
      400,
      'A resolution reason is required',
    ],
    [
      'convenor resolve without a reason',
      CONVENOR,
      'resolve',
      cpApproved,
      '',
      'text-required',
      400,
      'A resolution reason is required',
    ],
  ])('%s', (_name, who, action, ticket, comment, code, httpStatus, reason) => {
    expect(decide(who, action, ticket, { comment })).toEqual({ ok: false, code, httpStatus, reason });
  });

  it('a stale version is refused with 409; a matching or unknown version is not', () => {
    const ticket = { ...fresh, version: 3 };
    expect(decide(CP, 'approve', ticket, { version: 2 })).toMatchObject({
      ok: false,
      code: 'stale',
      httpStatus: 409,
    });
    expect(decide(CP, 'approve', ticket, { version: 3 }).ok).toBe(true);
    expect(decide(CP, 'approve', fresh, { version: 3 }).ok).toBe(true);
  });

  it('city names compare ignoring case and use cityData or city', () => {
    expect(decide(actor('citypresident', ' pune '), 'approve', { status: 'pending', city: 'PUNE' }).ok).toBe(
      true,
    );
    expect(decide(CP, 'approve', { status: 'pending', cityData: { name: 'Pune' } }).ok).toBe(true);
    expect(decide(CP, 'approve', { status: 'pending' }).ok).toBe(false);
  });
});

describe('buttons come from the same table (docs/product.md#ticket-states as decided by docs/architecture.md#workflow)', () => {
  it.each<[string, WorkflowActor, WorkflowTicket, string[], string[]]>([
    ['admin, fresh', ADMIN, fresh, ['approve', 'reject', 'resolve'], ['approve', 'reject', 'resolve']],
    ['admin, after own approval', ADMIN, adminApproved, ['reject', 'resolve'], ['reject', 'resolve']],
    ['admin, after city president approval', ADMIN, cpApproved, ['reject', 'resolve'], ['reject', 'resolve']],
    ['city president, fresh', CP, fresh, ['approve', 'reject', 'resolve'], ['approve', 'reject', 'resolve']],
    ['city president, after admin approval', CP, adminApproved, ['reject', 'resolve'], ['reject', 'resolve']],
    ['city president, other city', actor('citypresident', 'Mumbai'), fresh, [], []],
    ['convenor, fresh', CONVENOR, fresh, ['reject', 'review'], ['reject']],
    ['convenor, approved', CONVENOR, cpApproved, ['reject', 'resolve', 'review'], ['reject', 'resolve']],
    ['convenor, awaiting observer', CONVENOR, awaitingObserver, ['reject'], ['reject']],
    [
      'observer, awaiting final approval',
      OBSERVER,
      awaitingObserver,
      ['reject', 'resolve'],
      ['reject', 'resolve'],
    ],
    ['observer, fresh', OBSERVER, fresh, ['reject', 'review'], ['reject']],
    ['governor, fresh', GOVERNOR, fresh, ['review'], []],
    ['credai president', CREDAI, fresh, [], []],
    ['customer', CUSTOMER, fresh, [], []],
    ['admin, resolved', ADMIN, resolved, [], []],
    ['admin, rejected', ADMIN, rejected, [], []],
  ])('%s', (_name, who, ticket, allowed, buttons) => {
    expect(allowedActions(who, ticket)).toEqual(allowed);
    expect(dialogActions(who, ticket)).toEqual(buttons);
  });
});

describe('statusAfterAction (docs/product.md#status-after-an-action)', () => {
  it.each<[string, WorkflowActor, string, WorkflowTicket, string | null]>([
    ['approve by admin', ADMIN, 'approve', fresh, 'in-review'],
    ['approve by city president', CP, 'approve', fresh, 'approved'],
    ['reject', CONVENOR, 'reject', fresh, 'rejected'],
    ['resolve', ADMIN, 'resolve', fresh, 'resolved'],
    ['resolve by convenor awaiting the office bearer', CONVENOR, 'resolve', cpApproved, 'in-review'],
    ['review', GOVERNOR, 'review', fresh, 'in-review'],
    ['refused', CUSTOMER, 'approve', fresh, null],
  ])('%s → %p', (_name, who, action, ticket, status) => {
    expect(statusAfterAction(who, action, ticket)).toBe(status);
  });
});
