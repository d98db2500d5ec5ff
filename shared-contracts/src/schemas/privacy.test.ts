import {
  declineRequestBodySchema,
  memberExportSchema,
  memberRequestBodySchema,
  PRIVACY_REQUEST_KINDS,
  privacyRequestSchema,
  privacyRequestsQuerySchema,
} from './privacy';

const request = {
  id: 3,
  memberId: 7,
  kind: 'erasure',
  text: null,
  status: 'waiting',
  createdAt: '2026-12-01T06:00:00.000Z',
  dueAt: '2026-12-31T06:00:00.000Z',
  decidedAt: null,
  declineReason: null,
};

describe('the member requests about their data (ADR 0050)', () => {
  it('takes each kind; a correction must say what to correct', () => {
    for (const kind of PRIVACY_REQUEST_KINDS.filter((one) => one !== 'correction'))
      expect(memberRequestBodySchema.safeParse({ kind }).success).toBe(true);
    const bare = memberRequestBodySchema.safeParse({ kind: 'correction', text: '   ' });
    expect(bare.success).toBe(false);
    expect(bare.error?.issues[0]?.path).toEqual(['text']);
    expect(memberRequestBodySchema.parse({ kind: 'correction', text: ' My flat is B-12 ' })).toEqual({
      kind: 'correction',
      text: 'My flat is B-12',
    });
  });

  it('refuses an unknown kind, a text past the limit and control characters', () => {
    expect(memberRequestBodySchema.safeParse({ kind: 'delete-everything' }).success).toBe(false);
    expect(memberRequestBodySchema.safeParse({ kind: 'erasure', text: 'x'.repeat(2001) }).success).toBe(
      false,
    );
    expect(memberRequestBodySchema.safeParse({ kind: 'erasure', text: 'a\u0000b' }).success).toBe(false);
  });

  it('reads requests, their list query, a decline and an export', () => {
    expect(privacyRequestSchema.parse(request)).toEqual(request);
    expect(privacyRequestSchema.safeParse({ ...request, status: 'lost' }).success).toBe(false);
    expect(privacyRequestsQuerySchema.parse({})).toEqual({});
    expect(privacyRequestsQuerySchema.safeParse({ state: 'closed' }).success).toBe(false);
    expect(declineRequestBodySchema.safeParse({ reason: '' }).success).toBe(false);
    expect(declineRequestBodySchema.parse({ reason: 'Already right' })).toEqual({ reason: 'Already right' });
    const exported = {
      exportedAt: '2026-12-02T06:00:00.000Z',
      member: { id: 7, fullName: 'Ravi Kumar', email: 'ravi@example.com', mobile: '9876543210' },
      tickets: [
        {
          id: 41,
          title: 'Lift: broken',
          description: 'The lift is broken',
          status: 'pending',
          city: 'Pune',
          committee: null,
          name: 'Ravi Kumar',
          email: 'ravi@example.com',
          mobile: '9876543210',
          phoneUpdates: false,
          createdAt: '2026-12-01T06:00:00.000Z',
          replies: [{ kind: 'member.replied', text: 'Still broken', at: '2026-12-01T07:00:00.000Z' }],
          files: [{ name: 'lift.png', sizeBytes: 2048, at: '2026-12-01T06:00:00.000Z' }],
        },
      ],
      messages: [
        {
          channel: 'email',
          to: 'ravi@example.com',
          event: 'ticket.submitted',
          ticketId: 41,
          status: 'sent',
          sentAt: null,
        },
      ],
      requests: [request],
    };
    expect(memberExportSchema.parse(exported)).toEqual(exported);
  });
});
