import {
  projectImportQuerySchema,
  projectInputSchema,
  projectRegisterQuerySchema,
  projectsQuerySchema,
  ticketLinkParamsSchema,
  ticketLinkRequestSchema,
} from './projects';
import { normaliseReraNumber, reraNumberProblem, reraNumberSchema } from './ticketProject';
import { ticketListQuerySchema, ticketSubmitSchema } from './tickets';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('RERA numbers', () => {
  it('writes a number as the register does: upper case, no spaces', () => {
    expect(normaliseReraNumber(' p5210 0012 345 ')).toBe('P52100012345');
  });

  it.each([
    ['P52100012345', null],
    ['p52100012345', null],
    ['P5210001234', 'reraNumberFormat'],
    ['P521000123456', 'reraNumberFormat'],
    ['P1', 'reraNumberFormat'],
    ['PRM/KA/RERA/1251/446/PR/171015/000438', null],
    ['PR/GJ/AHMEDABAD/AHMEDABAD CITY/AUDA/RAA07237/120820', null],
    ['UPRERAPRJ1234', null],
    ['AB', 'reraNumberInvalid'],
    ['<script>', 'reraNumberInvalid'],
    [`A${'1'.repeat(60)}`, 'reraNumberInvalid'],
  ])('%s: %s', (number, problem) => {
    expect(reraNumberProblem(number)).toBe(problem);
  });

  it('parses to the normalised number, or refuses with the product message', () => {
    expect(reraNumberSchema.parse(' p52100012345')).toBe('P52100012345');
    expect(messages(reraNumberSchema.safeParse('P123'))).toEqual([
      'A Maharashtra RERA number is P followed by 11 digits',
    ]);
    expect(messages(reraNumberSchema.safeParse('?!'))).toEqual([
      'Enter the RERA registration number as the register writes it',
    ]);
    expect(reraNumberSchema.safeParse('x'.repeat(500)).success).toBe(false);
  });
});

describe('project calls', () => {
  it('takes a project with its defaults', () => {
    expect(projectInputSchema.parse({ reraNumber: 'p52100012345', name: ' Tower ', cityId: 3 })).toEqual({
      reraNumber: 'P52100012345',
      name: 'Tower',
      promoter: '',
      cityId: 3,
      district: '',
    });
    expect(
      messages(projectInputSchema.safeParse({ reraNumber: 'P52100012345', name: ' ', cityId: 3 })),
    ).toEqual(['This field is required']);
  });

  it('reads the queries', () => {
    expect(projectsQuerySchema.parse({})).toEqual({ q: '' });
    expect(projectRegisterQuerySchema.parse({ page: '2' })).toEqual({ q: '', page: 2 });
    expect(projectImportQuerySchema.parse({})).toEqual({ dryRun: false });
    expect(projectImportQuerySchema.parse({ dryRun: 'true' })).toEqual({ dryRun: true });
    expect(projectImportQuerySchema.safeParse({ dryRun: 'yes' }).success).toBe(false);
    expect(ticketListQuerySchema.parse({ projectId: '7' })).toMatchObject({ projectId: 7 });
  });

  it('reads links', () => {
    expect(ticketLinkRequestSchema.parse({ ticketId: 4, kind: 'duplicate' })).toEqual({
      ticketId: 4,
      kind: 'duplicate',
    });
    expect(ticketLinkRequestSchema.safeParse({ ticketId: 4, kind: 'twin' }).success).toBe(false);
    expect(ticketLinkParamsSchema.parse({ id: '1', otherId: '2' })).toEqual({ id: 1, otherId: 2 });
  });
});

describe('the submit form and its project', () => {
  const form = {
    fullName: 'Ravi Kumar',
    cityId: '1',
    mobile: '9876543210',
    committeeId: '2',
    email: 'ravi@example.com',
    description: 'The lift is broken.',
  };

  it('takes no project, an id, or a RERA number', () => {
    expect(ticketSubmitSchema.parse({ ...form, projectId: '', reraNumber: ' ' })).toMatchObject({
      projectId: undefined,
      reraNumber: undefined,
    });
    expect(ticketSubmitSchema.parse({ ...form, projectId: '12' }).projectId).toBe(12);
    expect(ticketSubmitSchema.parse({ ...form, reraNumber: 'p52100012345' }).reraNumber).toBe('P52100012345');
  });

  it('refuses a bad project id or number with their messages', () => {
    expect(messages(ticketSubmitSchema.safeParse({ ...form, projectId: 'abc' }))).toEqual([
      'Please choose a project from the list.',
    ]);
    expect(messages(ticketSubmitSchema.safeParse({ ...form, reraNumber: 'P12' }))).toEqual([
      'A Maharashtra RERA number is P followed by 11 digits',
    ]);
  });
});
