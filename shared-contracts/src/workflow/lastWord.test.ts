import { english } from '../i18n/text';
import { LAST_WORD_REFUSALS } from '../schemas/lastWord';
import { ROLES } from '../schemas/role';
import { LAST_WORD_ACTIONS, type LastWordAction } from '../schemas/tickets';
import {
  appealDecisionHistoryText,
  appealHistoryText,
  closedHistoryText,
  historyText,
  ratingHistoryText,
  reopenHistoryText,
  transferHistoryText,
} from './historyEvents';
import { ACTING_ROLES } from './roles';
import {
  decide,
  lastWordOf,
  MEMBER_ACTOR,
  reopenPatch,
  TRANSITIONS,
  type WorkflowActor,
  type WorkflowTicket,
  windowEnd,
} from './transitions';

const DAY = 86_400_000;
const OUTCOME = new Date('2026-11-02T06:00:00Z');
const onDay = (days: number) => new Date(OUTCOME.getTime() + days * DAY);
const base: WorkflowTicket = {
  city: 'Pune',
  cityData: { name: 'Pune' },
  observerId: 9,
  cityPresidentStatus: 'approved',
  outcomeAt: OUTCOME.toISOString(),
};

/**
 * The states of the last word, written from docs/workflow.md ("allowed when" and the guards'
 * "holds when") independently of the code that evaluates the guards.
 */
const STATES = {
  open: { ...base, status: 'in-review', outcomeAt: null },
  resolved: { ...base, status: 'resolved' },
  rejected: { ...base, status: 'rejected' },
  resolvedRatedLow: { ...base, status: 'resolved', ratings: [{ outcome: 'resolved', stars: 2 }] },
  resolvedRatedHigh: {
    ...base,
    status: 'resolved',
    ratings: [{ outcome: 'resolved', stars: 4 }],
    closedAt: onDay(1).toISOString(),
  },
  rejectedRatedLow: { ...base, status: 'rejected', ratings: [{ outcome: 'rejected', stars: 1 }] },
  resolvedReopenedBefore: { ...base, status: 'resolved', reopenedAt: onDay(-3).toISOString() },
  appealOpen: {
    ...base,
    status: 'rejected',
    appeal: { filedAt: onDay(1).toISOString(), decidedAt: null },
  },
  appealDecidedOpenAgain: {
    ...base,
    status: 'resolved',
    appeal: { filedAt: onDay(-20).toISOString(), decidedAt: onDay(-10).toISOString() },
  },
  closed: { ...base, status: 'resolved', closedAt: onDay(1).toISOString() },
} satisfies Record<string, WorkflowTicket>;
type State = keyof typeof STATES;

/** The code each action answers in each state on day 2 (within every window), or 'ok'. */
const ON_DAY_2: Record<LastWordAction, Record<State, string>> = {
  rate: {
    open: 'RATING_NOT_OPEN',
    resolved: 'ok',
    rejected: 'ok',
    resolvedRatedLow: 'ALREADY_RATED',
    resolvedRatedHigh: 'CASE_CLOSED',
    rejectedRatedLow: 'ALREADY_RATED',
    resolvedReopenedBefore: 'ok',
    appealOpen: 'RATING_NOT_OPEN',
    appealDecidedOpenAgain: 'ok',
    closed: 'CASE_CLOSED',
  },
  reopen: {
    open: 'REOPEN_NOT_ALLOWED',
    resolved: 'ok',
    rejected: 'REOPEN_NOT_ALLOWED',
    resolvedRatedLow: 'ok',
    resolvedRatedHigh: 'CASE_CLOSED',
    rejectedRatedLow: 'REOPEN_NOT_ALLOWED',
    resolvedReopenedBefore: 'ALREADY_REOPENED',
    appealOpen: 'REOPEN_NOT_ALLOWED',
    appealDecidedOpenAgain: 'REOPEN_NOT_ALLOWED',
    closed: 'CASE_CLOSED',
  },
  appeal: {
    open: 'APPEAL_NOT_ALLOWED',
    resolved: 'APPEAL_NOT_ALLOWED',
    rejected: 'ok',
    resolvedRatedLow: 'ok',
    resolvedRatedHigh: 'CASE_CLOSED',
    rejectedRatedLow: 'ok',
    resolvedReopenedBefore: 'APPEAL_NOT_ALLOWED',
    appealOpen: 'ALREADY_APPEALED',
    appealDecidedOpenAgain: 'ALREADY_APPEALED',
    closed: 'CASE_CLOSED',
  },
  'appeal.uphold': {} as Record<State, string>,
  'appeal.remand': {} as Record<State, string>,
  'appeal.dismiss': {} as Record<State, string>,
  transfer: {
    open: 'ok',
    resolved: 'not-allowed',
    rejected: 'not-allowed',
    resolvedRatedLow: 'not-allowed',
    resolvedRatedHigh: 'not-allowed',
    rejectedRatedLow: 'not-allowed',
    resolvedReopenedBefore: 'not-allowed',
    appealOpen: 'not-allowed',
    appealDecidedOpenAgain: 'not-allowed',
    closed: 'not-allowed',
  },
};
for (const decision of ['appeal.uphold', 'appeal.remand', 'appeal.dismiss'] as const) {
  for (const state of Object.keys(STATES) as State[])
    ON_DAY_2[decision][state] = state === 'appealOpen' ? 'ok' : 'APPEAL_ALREADY_DECIDED';
}

const ACTORS = [MEMBER_ACTOR, ...ROLES] as const;
const MATRIX = ACTORS.flatMap((role) =>
  LAST_WORD_ACTIONS.flatMap((action) =>
    (Object.keys(STATES) as State[]).map((state) => {
      const row = TRANSITIONS.find(
        (transition) =>
          transition.action === action && (transition.actors as readonly string[]).includes(role),
      );
      return [role, action, state, row ? ON_DAY_2[action][state] : 'unauthorized-role'] as const;
    }),
  ),
);

describe('every actor × last-word action × state (docs/workflow.md)', () => {
  it.each(MATRIX)('%s %s on a %s ticket → %s', (role, action, state, expected) => {
    const actor: WorkflowActor = { role, city: role === 'citypresident' ? 'Pune' : null };
    const decision = decide(actor, action, STATES[state], {
      comment: 'Because',
      now: onDay(2),
      reopenWindowDays: 5,
      stars: 4,
    });
    if (expected === 'ok') {
      expect(decision.ok).toBe(true);
      return;
    }
    expect(decision.ok).toBe(false);
    if (decision.ok) return;
    if (expected === 'unauthorized-role') expect(decision).toMatchObject({ code: expected, httpStatus: 403 });
    else if (expected === 'not-allowed') expect(decision).toMatchObject({ code: expected, httpStatus: 409 });
    else expect(decision).toMatchObject({ code: 'not-allowed', httpStatus: 409, refusal: expected });
  });
});

describe('the windows of the last word', () => {
  const member = { role: MEMBER_ACTOR, city: null };
  it('reopen within the chapter window only, appeal within 30 days (Done 1: day 6)', () => {
    const low = STATES.resolvedRatedLow;
    const on = (day: number, action: string, reopenWindowDays = 5) =>
      decide(member, action, low, { comment: 'x', now: onDay(day), reopenWindowDays });
    expect(on(5, 'reopen').ok).toBe(true);
    expect(on(6, 'reopen')).toMatchObject({ ok: false, refusal: 'REOPEN_WINDOW_CLOSED' });
    expect(on(6, 'reopen', 7).ok).toBe(true);
    expect(on(6, 'appeal').ok).toBe(true);
    expect(on(30, 'appeal').ok).toBe(true);
    expect(on(31, 'appeal')).toMatchObject({ ok: false, refusal: 'APPEAL_WINDOW_CLOSED' });
  });
  it('without the clock or an outcome time every window counts as closed', () => {
    expect(decide(member, 'appeal', STATES.rejected, { comment: 'x' })).toMatchObject({
      refusal: 'APPEAL_WINDOW_CLOSED',
    });
    expect(
      decide(member, 'reopen', { ...STATES.resolved, outcomeAt: null }, { comment: 'x', now: onDay(1) }),
    ).toMatchObject({ refusal: 'REOPEN_WINDOW_CLOSED' });
    expect(windowEnd({ outcomeAt: null }, 5)).toBeNull();
  });
  it('a blank reason is refused with 400, a good rating closes, a low one does not', () => {
    expect(
      decide(member, 'reopen', STATES.resolved, { comment: ' ', now: onDay(1), reopenWindowDays: 5 }),
    ).toEqual({
      ok: false,
      code: 'text-required',
      httpStatus: 400,
      reason: 'A reason is required',
    });
    const rate = (stars: number) => decide(member, 'rate', STATES.resolved, { stars, now: onDay(1) });
    expect(rate(3)).toMatchObject({ ok: true, patch: { status: 'resolved', closes: true } });
    expect(rate(2)).toMatchObject({ ok: true, patch: { status: 'resolved', closes: false } });
    expect(decide(member, 'rate', STATES.rejected, { now: onDay(1) })).toMatchObject({
      ok: true,
      patch: { status: 'rejected', closes: false },
      history: { action: 'rate', text: '' },
    });
  });
  it('lastWordOf offers what the table allows, with each window end', () => {
    const clock = { now: onDay(2), reopenWindowDays: 5 };
    expect(lastWordOf(STATES.resolvedRatedLow, clock)).toEqual({
      canRate: false,
      canReopen: true,
      reopenUntil: onDay(5).toISOString(),
      canAppeal: true,
      appealUntil: onDay(30).toISOString(),
    });
    expect(lastWordOf(STATES.resolved, clock)).toMatchObject({
      canRate: true,
      canAppeal: false,
      appealUntil: null,
    });
    expect(lastWordOf(STATES.closed, clock)).toEqual({
      canRate: false,
      canReopen: false,
      reopenUntil: null,
      canAppeal: false,
      appealUntil: null,
    });
  });
});

describe('effects', () => {
  it('reopen goes back to the stage that resolved it', () => {
    expect(
      reopenPatch({ status: 'resolved', observerStatus: 'approved', convenorStatus: 'resolved' }),
    ).toEqual({
      status: 'in-review',
      currentAssignee: 'Observer',
      observerStatus: 'in-review',
    });
    expect(reopenPatch({ status: 'resolved', convenorStatus: 'resolved' })).toEqual({
      status: 'approved',
      currentAssignee: 'Convenor',
      convenorStatus: 'in-review',
    });
    expect(reopenPatch({ status: 'resolved' })).toEqual({
      status: 'in-review',
      currentAssignee: 'CityPresident',
    });
  });
  it('decisions: uphold and dismiss close, remand goes back to the city president', () => {
    const president = { role: 'credaipresident', city: null };
    const on = (action: string) => decide(president, action, STATES.appealOpen, { comment: 'Reasons' });
    expect(on('appeal.uphold')).toMatchObject({ ok: true, patch: { status: 'rejected', closes: true } });
    expect(on('appeal.dismiss')).toMatchObject({ ok: true, patch: { status: 'rejected', closes: true } });
    expect(on('appeal.remand')).toMatchObject({
      ok: true,
      patch: { status: 'in-review', currentAssignee: 'CityPresident' },
    });
  });
  it('transfer: the city president of the ticket city or admin; the new chain as at submit', () => {
    const open = { ...STATES.open, version: 2 };
    expect(
      decide({ role: 'citypresident', city: 'Mumbai' }, 'transfer', open, { comment: 'x' }),
    ).toMatchObject({
      code: 'other-city',
    });
    expect(
      decide({ role: 'admin', city: null }, 'transfer', open, { comment: 'x', version: 1 }),
    ).toMatchObject({
      code: 'stale',
    });
    expect(
      decide({ role: 'admin', city: null }, 'transfer', open, { comment: 'x', version: 2 }),
    ).toMatchObject({
      ok: true,
      patch: {
        status: 'pending',
        currentAssignee: 'CityPresident',
        adminStatus: null,
        cityPresidentStatus: null,
        convenorStatus: null,
        observerStatus: null,
      },
    });
  });
  it('the review chain keeps its acting roles (the Credai President decides appeals only)', () => {
    expect(ACTING_ROLES).toEqual(['admin', 'citypresident', 'governor', 'observer', 'convenor']);
  });
  it('every refusal code is used by a guard or the transfer call', () => {
    expect(Object.values(LAST_WORD_REFUSALS)).toHaveLength(11);
  });
});

describe('history texts of the last word, rendered from their events', () => {
  it.each([
    [
      'member.rated',
      { stars: 2, comment: 'Slow' },
      ratingHistoryText(2, 'Slow'),
      'Rated 2 of 5 by the member: Slow',
    ],
    ['member.rated', { stars: 5 }, ratingHistoryText(5, ' '), 'Rated 5 of 5 by the member'],
    [
      'member.reopened',
      { reason: 'Leak is back' },
      reopenHistoryText('Leak is back'),
      'Reopened by the member: Leak is back',
    ],
    [
      'member.appealed',
      { reason: 'Unfair' },
      appealHistoryText('Unfair'),
      'Appealed to the Credai President by the member: Unfair',
    ],
    [
      'appeal.upheld',
      { reason: 'Right' },
      appealDecisionHistoryText('uphold', 'Right', 'Unfair'),
      'Appeal upheld by the Credai President: Right',
    ],
    [
      'appeal.remanded',
      { appealId: 1, reason: 'Look again', appeal: 'Unfair' },
      appealDecisionHistoryText('remand', 'Look again', 'Unfair'),
      "Appeal sent back to the City President by the Credai President: Look again. The member's appeal: Unfair",
    ],
    [
      'appeal.dismissed',
      { reason: 'No' },
      appealDecisionHistoryText('dismiss', 'No', 'Unfair'),
      'Appeal dismissed by the Credai President: No',
    ],
    [
      'ticket.transferred',
      { from: 'Pune', to: 'Mumbai', reason: 'Wrong city' },
      transferHistoryText('Pune', 'Mumbai', 'Wrong city'),
      'Transferred from Pune to Mumbai: Wrong city',
    ],
    ['case.closed', { cause: 'rated' }, closedHistoryText('rated'), "Case closed after the member's rating"],
    [
      'case.closed',
      { cause: 'unrated', days: 7 },
      closedHistoryText('unrated', 7),
      'Case closed: no rating within 7 days',
    ],
    [
      'case.closed',
      { cause: 'noAppeal', days: 30 },
      closedHistoryText('noAppeal', 30),
      'Case closed: no appeal within 30 days',
    ],
  ])('%s: %s', (kind, values, text, stored) => {
    expect(english(text)).toBe(stored);
    expect(historyText({ kind, values, text: '' })).toEqual(text);
  });
  it('an older row whose values do not make the event: shown as written', () => {
    expect(historyText({ kind: 'member.rated', values: {}, text: 'Moved' })).toBeNull();
  });
});
