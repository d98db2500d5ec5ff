import { http, json, server } from '../../testing/network';
import { ACCESS_KEY_HEADER } from '../schemas/common';
import {
  appealDecisionRequestSchema,
  appealListQuerySchema,
  LAST_WORD_REFUSALS,
  ratingRequestSchema,
  refusalCode,
  transferRequestSchema,
} from '../schemas/lastWord';
import { ApiError } from './errors';
import {
  appealsQuery,
  lastWordKeys,
  listAppeals,
  postAppeal,
  postAppealDecision,
  postRating,
  postReopen,
  postTransfer,
} from './lastWord';

const ticket = {
  id: 7,
  title: 'Leak',
  description: 'Water',
  status: 'resolved',
  createdAt: '2026-11-01T10:00:00.000Z',
  closedAt: null,
  rating: { stars: 2, comment: 'Slow', ratedAt: '2026-11-03T10:00:00.000Z' },
  reopenedAt: null,
  reopenReason: null,
  appeal: null,
  lastWord: {
    canRate: false,
    canReopen: true,
    reopenUntil: '2026-11-07T10:00:00.000Z',
    canAppeal: true,
    appealUntil: '2026-12-02T10:00:00.000Z',
  },
};
const appeal = {
  id: 3,
  ticketId: 7,
  ticketNumber: '#7',
  title: 'Leak',
  city: 'Pune',
  committee: 'Legal',
  memberName: 'Ravi',
  reason: 'Unfair',
  filedAt: '2026-11-04T10:00:00.000Z',
  dueAt: '2026-12-04T10:00:00.000Z',
  outcome: null,
  decisionReason: null,
  decidedAt: null,
};

describe('the last word calls', () => {
  it('rate, reopen and appeal send the key and answer the ticket', async () => {
    const seen: { path: string; key: string | null; body: unknown }[] = [];
    for (const path of ['rating', 'reopen', 'appeal']) {
      server.use(
        http.post(`*/api/tickets/7/${path}`, async ({ request }) => {
          seen.push({ path, key: request.headers.get(ACCESS_KEY_HEADER), body: await request.json() });
          return json({ ticket });
        }),
      );
    }
    expect(
      (await postRating(7, { stars: 2, comment: 'Slow' }, { accessKey: 'k' })).ticket.rating?.stars,
    ).toBe(2);
    expect((await postReopen(7, { reason: 'Back' }, { accessKey: 'k' })).ticket.lastWord?.canReopen).toBe(
      true,
    );
    expect((await postAppeal(7, { reason: 'Unfair' }, { accessKey: 'k' })).ticket.id).toBe(7);
    // Staff signed in send no key (the same calls, the session instead).
    await postRating(7, { stars: 4 });
    await postReopen(7, { reason: 'Again' });
    await postAppeal(7, { reason: 'Again' });
    expect(seen.slice(3).map((call) => call.key)).toEqual([null, null, null]);
    expect(seen.slice(0, 3)).toEqual([
      { path: 'rating', key: 'k', body: { stars: 2, comment: 'Slow' } },
      { path: 'reopen', key: 'k', body: { reason: 'Back' } },
      { path: 'appeal', key: 'k', body: { reason: 'Unfair' } },
    ]);
  });

  it('lists and decides appeals, transfers a ticket', async () => {
    let query = '';
    server.use(
      http.get('*/api/appeals', ({ request }) => {
        query = new URL(request.url).search;
        return json({ appeals: [appeal], total: 1 });
      }),
      http.post('*/api/appeals/3/decision', async ({ request }) => {
        const body = (await request.json()) as { reason: string };
        return json({
          appeal: { ...appeal, outcome: 'remanded', decisionReason: body.reason, decidedAt: appeal.dueAt },
        });
      }),
      http.post('*/api/tickets/7/transfer', () =>
        json({ ticket: { ...ticket, status: 'pending', city: 'Mumbai' } }),
      ),
    );
    expect((await listAppeals({ state: 'open', page: 2 })).total).toBe(1);
    expect(query).toBe('?state=open&page=2');
    expect((await listAppeals()).total).toBe(1);
    expect(query).toBe('');
    const decided = await postAppealDecision(3, { outcome: 'remand', reason: 'Look again' });
    expect(decided.appeal).toMatchObject({ outcome: 'remanded', decisionReason: 'Look again' });
    expect(
      (await postTransfer(7, { cityId: 2, committeeId: 1, reason: 'Wrong city', version: 3 })).ticket.city,
    ).toBe('Mumbai');
    const cached = appealsQuery();
    expect(cached.queryKey).toEqual(['appeals', 'list', 'open', 1]);
    expect(lastWordKeys.appealList({ state: 'decided', page: 3 })).toEqual(['appeals', 'list', 'decided', 3]);
    expect(lastWordKeys.appealList()).toEqual(['appeals', 'list', 'open', 1]);
    expect((await cached.queryFn?.({ signal: new AbortController().signal } as never))?.appeals).toHaveLength(
      1,
    );
    expect(query).toBe('');
  });

  it('a refusal keeps its stable code', async () => {
    server.use(
      http.post('*/api/tickets/7/reopen', () =>
        json(
          {
            error: 'The time to reopen this ticket has passed',
            details: [{ path: 'reopen', message: 'x', code: LAST_WORD_REFUSALS.reopenWindowClosed }],
          },
          409,
        ),
      ),
    );
    const error = await postReopen(7, { reason: 'Back' }, { accessKey: 'k' }).catch((caught) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(409);
    expect(refusalCode(error.details)).toBe('REOPEN_WINDOW_CLOSED');
  });
});

describe('the last word schemas', () => {
  it('stars 1 to 5, a comment up to 1000 characters', () => {
    expect(ratingRequestSchema.safeParse({ stars: 5 }).success).toBe(true);
    for (const stars of [0, 6, 2.5, '3']) {
      const parsed = ratingRequestSchema.safeParse({ stars });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('Choose from 1 to 5 stars');
    }
    expect(ratingRequestSchema.safeParse({ stars: 3, comment: 'x'.repeat(1001) }).success).toBe(false);
  });
  it('decisions, transfers and the list query', () => {
    expect(appealDecisionRequestSchema.safeParse({ outcome: 'remand', reason: ' ' }).success).toBe(false);
    expect(appealDecisionRequestSchema.safeParse({ outcome: 'upheld', reason: 'x' }).success).toBe(false);
    expect(transferRequestSchema.safeParse({ cityId: 1, committeeId: 2, reason: 'x' }).success).toBe(true);
    expect(appealListQuerySchema.safeParse({ state: 'all' }).success).toBe(false);
    expect(appealListQuerySchema.parse({ page: '2' })).toEqual({ page: 2 });
  });
  it('refusalCode reads details as a list or an object', () => {
    expect(refusalCode([{ path: 'x', message: 'y' }, { code: 'CASE_CLOSED' }])).toBe('CASE_CLOSED');
    expect(refusalCode({ code: 'ALREADY_RATED' })).toBe('ALREADY_RATED');
    expect(refusalCode(null)).toBeNull();
    expect(refusalCode(undefined)).toBeNull();
  });
});
