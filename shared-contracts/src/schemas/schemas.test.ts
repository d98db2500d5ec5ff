import * as z from 'zod/mini';
import * as schemas from '.';
import {
  ACCESS_KEY_HEADER,
  accessKeyHeadersSchema,
  adminUserSchema,
  assignCommitteeSchema,
  authCheckResponseSchema,
  citiesResponseSchema,
  cityConvenorSchema,
  cityCreateSchema,
  cityPresidentLookupResponseSchema,
  cityPresidentParamsSchema,
  cityStatsResponseSchema,
  coercedIdSchema,
  committeeCreateSchema,
  committeesQuerySchema,
  committeesResponseSchema,
  descriptionSchema,
  emailSchema,
  errorAnswerSchema,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyHeadersSchema,
  idParamsSchema,
  idSchema,
  loginRequestSchema,
  loginResponseSchema,
  mobileSchema,
  registerAdminRequestSchema,
  roleSchema,
  sampleTicketSchema,
  submitFullNameSchema,
  ticketActionRequestSchema,
  ticketHistoryResponseSchema,
  ticketListQuerySchema,
  ticketListResponseSchema,
  ticketResponseSchema,
  ticketSchema,
  ticketStatsSchema,
  ticketStatusPatchSchema,
  ticketStatusSchema,
  ticketSubmitResponseSchema,
  ticketSubmitSchema,
  userCreateSchema,
  userFilterQuerySchema,
  userListQuerySchema,
  userListResponseSchema,
  userTicketsResponseSchema,
  userUpdateSchema,
} from '.';

const firstMessage = (schema: z.ZodMiniType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0]?.message;
};

const now = '2026-01-15T10:30:00.000Z';
const ticket = {
  id: 7,
  title: 'Water leak',
  description: 'Water leaks from the roof',
  status: 'Approved',
  city: 'Pune',
  createdAt: now,
  customer: { id: 3, fullName: 'Ravi Kumar', email: 'r***@example.com', mobile: '98******10' },
  committee: { name: 'Redressal' },
  cityData: { id: 1, name: 'Pune' },
  cityPresident: { fullName: 'P One' },
  comments: [{ actionBy: null, createdAt: now, text: 'Ticket created' }],
  attachments: [{ id: 1, kind: 'attachment', fileName: 'a.pdf', url: '/uploads/attachments/x.pdf' }],
};

describe('every exported schema', () => {
  it.each(Object.entries(schemas).filter(([, value]) => value instanceof z.core.$ZodType))(
    '%s converts to JSON Schema for requests and answers (OpenAPI)',
    (_name, schema) => {
      expect(() =>
        z.toJSONSchema(schema as z.ZodMiniType, { io: 'input', unrepresentable: 'any' }),
      ).not.toThrow();
      expect(() =>
        z.toJSONSchema(schema as z.ZodMiniType, { io: 'output', unrepresentable: 'any' }),
      ).not.toThrow();
    },
  );
});

describe('ids', () => {
  it.each([
    [1, true],
    [2_147_483_647, true],
    [0, false],
    [-1, false],
    [1.5, false],
    [2_147_483_648, false],
    ['1', false],
  ])('idSchema %p → %p', (value, ok) => {
    expect(idSchema.safeParse(value).success).toBe(ok);
  });

  it.each([
    ['12', 12],
    ['0', null],
    ['abc', null],
    ['', null],
    ['99999999999', null],
  ])('coercedIdSchema %p → %p', (value, expected) => {
    const result = coercedIdSchema.safeParse(value);
    expect(result.success ? result.data : null).toBe(expected);
  });

  it('idParamsSchema coerces the path parameter', () => {
    expect(idParamsSchema.parse({ id: '42' })).toEqual({ id: 42 });
  });
});

describe('roles', () => {
  it.each(['admin', 'CredaiPresident', ' CITYPRESIDENT ', 'governor', 'Observer', 'convenor', 'Customer'])(
    'accepts %p in any case, lowercased',
    (role) => {
      expect(roleSchema.parse(role)).toBe(role.trim().toLowerCase());
    },
  );
  it('refuses an unknown role', () => {
    expect(firstMessage(roleSchema, 'superuser')).toContain('Role must be one of');
  });
  it('isRole tells known roles', () => {
    expect(schemas.isRole('admin')).toBe(true);
    expect(schemas.isRole('Admin')).toBe(false);
    expect(schemas.isRole(3)).toBe(false);
  });
});

describe('strings', () => {
  it('trims and lowercases emails', () => {
    expect(emailSchema.parse('  Ravi@Example.COM ')).toBe('ravi@example.com');
  });
  it.each(['', 'no-at-sign', 'a@b', `${'a'.repeat(250)}@example.com`])('refuses the email %p', (email) => {
    expect(firstMessage(emailSchema, email)).toBe('Please provide a valid email address.');
  });
  it.each([
    ['', 'Mobile number is required'],
    ['   ', 'Mobile number is required'],
    ['12345', 'Mobile number must be 10 digits'],
    ['12345678901', 'Mobile number must be 10 digits'],
    ['98765abcde', 'Mobile number must be 10 digits'],
    ['9876543210', null],
  ])('mobile %p → %p', (mobile, message) => {
    expect(firstMessage(mobileSchema, mobile)).toBe(message);
  });
  it.each([
    ['', 'Full name is required'],
    ['Ravi 2', 'Full name should not contain numbers'],
    ['Ravi ٣', 'Full name should not contain numbers'],
    ['x'.repeat(121), 'Full name must be at most 120 characters'],
    ['Ravi Kumar', null],
  ])('submit full name %p → %p', (name, message) => {
    expect(firstMessage(submitFullNameSchema, name)).toBe(message);
  });
  it.each([
    ['', 'Description is required'],
    ['  ', 'Description is required'],
    [Array(501).fill('w').join(' '), 'Description should not exceed 500 words'],
    [Array(500).fill('w').join(' '), null],
    ['x'.repeat(10_001), 'Description should not exceed 500 words'],
  ])('description → %p', (text, message) => {
    expect(firstMessage(descriptionSchema, text)).toBe(message);
  });
  it('rejects a 10 MB string quickly with a schema error, not a crash', () => {
    const huge = 'x'.repeat(10 * 1024 * 1024);
    for (const schema of [descriptionSchema, submitFullNameSchema, emailSchema, mobileSchema]) {
      expect(schema.safeParse(huge).success).toBe(false);
    }
    expect(ticketActionRequestSchema.safeParse({ action: 'reject', comment: huge }).success).toBe(false);
    expect(loginRequestSchema.safeParse({ email: 'a@b.co', password: huge }).success).toBe(false);
  });
});

describe('auth', () => {
  it('login request', () => {
    expect(loginRequestSchema.parse({ email: ' A@B.co ', password: ' secret ' })).toEqual({
      email: 'a@b.co',
      password: ' secret ',
    });
    expect(firstMessage(loginRequestSchema, { email: 'a@b.co', password: '' })).toBe('Password is required');
  });
  it('login response needs user and token', () => {
    const user = { id: 1, fullName: 'Admin', email: 'admin@x.co', role: 'Admin' };
    expect(loginResponseSchema.parse({ user, token: 't' }).user.role).toBe('admin');
    expect(loginResponseSchema.safeParse({ user }).success).toBe(false);
    expect(loginResponseSchema.safeParse({ token: 't' }).success).toBe(false);
    expect(authCheckResponseSchema.parse({ user: { ...user, city: 'Pune' } }).user.city).toBe('Pune');
  });
  it('register admin needs an 8-character password', () => {
    const body = { fullName: 'First Admin', email: 'a@b.co', password: 'short' };
    expect(firstMessage(registerAdminRequestSchema, body)).toBe('Password must be at least 8 characters');
    expect(registerAdminRequestSchema.parse({ ...body, password: 'long enough' }).password).toBe(
      'long enough',
    );
  });
  it('city president lookup', () => {
    expect(cityPresidentParamsSchema.parse({ city: ' Pune ' })).toEqual({ city: 'Pune' });
    expect(cityPresidentLookupResponseSchema.parse({ data: { fullName: 'P' } }).data?.fullName).toBe('P');
    expect(cityPresidentLookupResponseSchema.parse({ data: null }).data).toBeNull();
  });
});

describe('users', () => {
  const form = { fullName: ' Asha ', email: 'ASHA@x.co', mobile: '9876543210', city: 'Pune' };
  it('create: defaults role customer and active; password required', () => {
    expect(userCreateSchema.parse({ ...form, password: 'password1' })).toEqual({
      fullName: 'Asha',
      email: 'asha@x.co',
      mobile: '9876543210',
      city: 'Pune',
      role: 'customer',
      isActive: true,
      password: 'password1',
    });
    // A missing password is refused (its message is zod's default; the form always sends the field).
    expect(userCreateSchema.safeParse(form).error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'password',
    ]);
    expect(firstMessage(userCreateSchema, { ...form, password: '' })).toBe('Password is required');
  });
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['newpassword', 'newpassword'],
  ])('update: password %p keeps or sets → %p', (password, expected) => {
    expect(userUpdateSchema.parse({ ...form, role: 'Convenor', password }).password).toBe(expected);
  });
  it('update: a short new password is refused', () => {
    expect(userUpdateSchema.safeParse({ ...form, password: 'short' }).success).toBe(false);
  });
  it('user record never carries a password', () => {
    const record = adminUserSchema.parse({ id: 1, ...form, role: 'admin', isActive: false, password: 'x' });
    expect(record).not.toHaveProperty('password');
  });
  it('list and filter queries', () => {
    expect(userListQuerySchema.parse({ role: 'Admin', search: ' as ', page: '2', pageSize: '10' })).toEqual({
      role: 'admin',
      search: 'as',
      page: 2,
      pageSize: 10,
    });
    expect(userListQuerySchema.safeParse({ pageSize: '1000' }).success).toBe(false);
    expect(userFilterQuerySchema.parse({ role: 'convenor', city: 'Pune' })).toEqual({
      role: 'convenor',
      city: 'Pune',
    });
    expect(userListResponseSchema.parse({ users: [], total: 0 })).toEqual({ users: [], total: 0 });
  });
});

describe('cities and committees', () => {
  it('bodies and answers', () => {
    expect(cityCreateSchema.parse({ name: ' Pune ' })).toEqual({ name: 'Pune' });
    expect(cityCreateSchema.safeParse({ name: '' }).success).toBe(false);
    expect(citiesResponseSchema.parse({ cities: [{ id: 1, name: 'Pune' }] }).cities).toHaveLength(1);
    expect(assignCommitteeSchema.parse({ committeeId: 2 })).toEqual({ committeeId: 2 });
    expect(cityConvenorSchema.safeParse({ convenorId: '2' }).success).toBe(false);
    expect(committeeCreateSchema.parse({ name: 'Legal' })).toEqual({ name: 'Legal' });
    expect(
      committeesResponseSchema.parse({ committees: [{ id: 1, name: 'Legal' }] }).committees[0]?.name,
    ).toBe('Legal');
    expect(committeesQuerySchema.parse({ cityId: '3' })).toEqual({ cityId: 3 });
  });
});

describe('tickets', () => {
  it('parses a full ticket and lowercases its status', () => {
    const parsed = ticketSchema.parse(ticket);
    expect(parsed.status).toBe('approved');
    expect(parsed.customer?.mobile).toBe('98******10');
    expect(ticketResponseSchema.safeParse({}).success).toBe(false);
  });
  it.each(['pending', 'In-Review', 'APPROVED', 'resolved', 'Rejected'])('status %p', (status) => {
    expect(ticketStatusSchema.safeParse(status).success).toBe(true);
  });
  it('refuses an unknown status and a missing createdAt', () => {
    expect(ticketStatusSchema.safeParse('closed').success).toBe(false);
    expect(ticketSchema.safeParse({ ...ticket, createdAt: undefined }).success).toBe(false);
  });
  it('list query', () => {
    expect(
      ticketListQuerySchema.parse({
        page: '1',
        pageSize: '10',
        status: 'All',
        city: 'Pune',
        q: ' leak ',
        date: '2026-01-15',
        startDate: '2026-01-15',
        endDate: '2026-01-16',
      }),
    ).toEqual({
      page: 1,
      pageSize: 10,
      status: 'all',
      city: 'Pune',
      q: 'leak',
      date: '2026-01-15',
      startDate: '2026-01-15',
      endDate: '2026-01-16',
    });
    expect(ticketListQuerySchema.safeParse({ date: '15/01/2026' }).success).toBe(false);
    expect(ticketListQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(ticketListQuerySchema.parse({ date: '2026-01-15', tzOffset: '330' }).tzOffset).toBe(330);
    expect(ticketListQuerySchema.safeParse({ tzOffset: '900' }).success).toBe(false);
    expect(ticketListQuerySchema.safeParse({ tzOffset: '1.5' }).success).toBe(false);
  });
  it('list answers', () => {
    expect(ticketListResponseSchema.parse({ tickets: [ticket], total: 1, city: 'Pune' }).total).toBe(1);
    expect(ticketListResponseSchema.safeParse({ total: 1 }).success).toBe(false);
    expect(
      userTicketsResponseSchema.parse({ user: { id: 3, fullName: 'Ravi' }, tickets: [], total: 0 }).user.id,
    ).toBe(3);
  });
  it('submit form: all strings, product messages', () => {
    const form = {
      fullName: 'Ravi Kumar',
      cityId: '1',
      city: 'Pune',
      cityPresident: 'Not assigned',
      mobile: '9876543210',
      committeeId: '2',
      committee: 'Legal',
      email: 'Ravi@Example.com',
      description: 'The lift is broken',
    };
    expect(ticketSubmitSchema.parse(form)).toMatchObject({
      cityId: 1,
      committeeId: 2,
      email: 'ravi@example.com',
    });
    // The SMS/WhatsApp opt-in: yes only when ticked; a form without the field (an older page) is no.
    expect(ticketSubmitSchema.parse({ ...form, phoneUpdates: 'true' }).phoneUpdates).toBe(true);
    expect(ticketSubmitSchema.parse({ ...form, phoneUpdates: '' }).phoneUpdates).toBe(false);
    expect(ticketSubmitSchema.parse({ ...form, phoneUpdates: 'false' }).phoneUpdates).toBe(false);
    expect(ticketSubmitSchema.parse(form).phoneUpdates).toBe(false);
    expect(ticketSubmitSchema.safeParse({ ...form, phoneUpdates: 'maybe' }).success).toBe(false);
    const bad = ticketSubmitSchema.safeParse({ ...form, cityId: '', committeeId: 'x' });
    expect(bad.success ? [] : bad.error.issues.map((issue) => issue.message)).toEqual([
      'Please select a city.',
      'Please select a committee.',
    ]);
  });
  it('submit answer', () => {
    const answer = { success: true, ticketId: 5, userId: 3, shareUrl: '/ticket-detail/5#key=abc' };
    expect(ticketSubmitResponseSchema.parse(answer)).toEqual(answer);
    // ADR 0030: a member link is never part of the answer, even when a server sends one.
    expect(ticketSubmitResponseSchema.parse({ ...answer, memberUrl: '/tickets/3#key=x' })).toEqual(answer);
  });
  it('action body', () => {
    expect(ticketActionRequestSchema.parse({ action: 'Approve', user: { role: 'Admin' } })).toEqual({
      action: 'approve',
      comment: '',
      user: { role: 'admin' },
    });
    expect(ticketActionRequestSchema.safeParse({ action: 'close' }).success).toBe(false);
    expect(ticketStatusPatchSchema.parse({ status: 'Resolved', version: 2 })).toEqual({
      status: 'resolved',
      comment: '',
      version: 2,
    });
  });
  it('history and stats', () => {
    expect(ticketHistoryResponseSchema.parse({ history: ticket.comments }).history).toHaveLength(1);
    expect(ticketStatsSchema.parse({ total: 4, inReview: 1, resolved: 2, rejected: 1 }).total).toBe(4);
    expect(ticketStatsSchema.safeParse({ total: -1, inReview: 0, resolved: 0, rejected: 0 }).success).toBe(
      false,
    );
    expect(
      cityStatsResponseSchema.parse([{ city: 'Pune', total: 3, pending: 1, resolved: 1, rejected: 1 }]),
    ).toHaveLength(1);
  });
  it('sample tickets of the placeholder screens', () => {
    expect(
      sampleTicketSchema.parse({ ticketId: 'T-1', title: 'x', status: 'Open', responses: 2 }).responses,
    ).toBe(2);
  });
});

describe('errors and headers', () => {
  it('error answer', () => {
    expect(errorAnswerSchema.parse({ error: 'Bad', details: [{ path: 'x', message: 'y' }] }).error).toBe(
      'Bad',
    );
    expect(errorAnswerSchema.safeParse({ details: 1 }).success).toBe(false);
  });
  it('header names', () => {
    expect(ACCESS_KEY_HEADER).toBe('X-Access-Key');
    expect(IDEMPOTENCY_KEY_HEADER).toBe('Idempotency-Key');
  });
  it('access key and idempotency key headers', () => {
    const key = 'A'.repeat(43);
    expect(accessKeyHeadersSchema.parse({ 'x-access-key': key })).toEqual({ 'x-access-key': key });
    expect(accessKeyHeadersSchema.safeParse({ 'x-access-key': 'short' }).success).toBe(false);
    expect(accessKeyHeadersSchema.parse({})).toEqual({});
    expect(idempotencyHeadersSchema.safeParse({ 'idempotency-key': 'k'.repeat(22) }).success).toBe(true);
    // Fewer than 22 characters cannot hold 128 bits.
    expect(idempotencyHeadersSchema.safeParse({ 'idempotency-key': 'k'.repeat(21) }).success).toBe(false);
    expect(idempotencyHeadersSchema.safeParse({ 'idempotency-key': 'no spaces!' }).success).toBe(false);
  });
});

describe('control characters', () => {
  const messagesOf = (schema: z.ZodMiniType, value: unknown) =>
    schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

  it.each([
    ['a name', schemas.nameSchema, 'Pune'],
    ['a submitted full name', submitFullNameSchema, 'Ravi Kumar'],
    ['a password', schemas.passwordSchema, 'Secret@123'],
    ['a search', userListQuerySchema.shape.search, 'ravi'],
  ])('refuses NUL, other C0/C1 controls, DEL and newlines in %s', (_what, schema, valid) => {
    expect(schema.safeParse(valid).success).toBe(true);
    for (const control of ['\u0000', '\u0007', '\t', '\n', '\r', '\u001b', '\u007f', '\u0085', '\u009f']) {
      expect(messagesOf(schema, `${valid.slice(0, 2)}${control}${valid.slice(2)}`)).toContain(
        schemas.CONTROL_CHARACTERS_MESSAGE,
      );
    }
  });

  it.each([
    ['a description', descriptionSchema],
    ['an action comment', ticketActionRequestSchema.shape.comment],
  ])('takes CR and LF in %s, and refuses every other control', (_what, schema) => {
    expect(schema.safeParse('First line\r\nSecond line\nThird').success).toBe(true);
    for (const control of ['\u0000', '\t', '\u000b', '\u000c', '\u001b', '\u007f', '\u0085']) {
      expect(messagesOf(schema, `Broken${control}lift`)).toContain(schemas.CONTROL_CHARACTERS_MESSAGE);
    }
  });

  it('refuses bidi overrides and isolates in names, and takes them nowhere they could disguise one', () => {
    for (const control of [
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
    ]) {
      expect(messagesOf(schemas.nameSchema, `Pu${control}ne`)).toEqual([schemas.BIDI_CONTROLS_MESSAGE]);
      expect(messagesOf(submitFullNameSchema, `Ra${control}vi`)).toEqual([schemas.BIDI_CONTROLS_MESSAGE]);
      expect(messagesOf(userCreateSchema.shape.fullName, `Ra${control}vi`)).toEqual([
        schemas.BIDI_CONTROLS_MESSAGE,
      ]);
    }
    // Letters of right-to-left scripts are names like any other.
    expect(schemas.nameSchema.safeParse('سارة').success).toBe(true);
  });

  it('refuses control characters in the city of a president lookup', () => {
    expect(cityPresidentParamsSchema.safeParse({ city: 'Pu\u0000ne' }).success).toBe(false);
    expect(cityPresidentParamsSchema.safeParse({ city: 'Pune' }).success).toBe(true);
  });
});
