import type { Breach, PrivacyRequest } from 'shared-contracts';
import { answerRoutes, json } from 'shared-contracts/testing/network';
import { act, render, screen, userEvent, waitFor, within } from 'shared-contracts/testing/render';
import { signInAs, signOut } from '../testing/helpers';
import PrivacyPage from './PrivacyPage';

const request = (overrides: Partial<PrivacyRequest> & { id: number }): PrivacyRequest => ({
  memberId: 3,
  kind: 'erasure',
  text: null,
  status: 'open',
  createdAt: '2026-12-01T10:00:00.000Z',
  dueAt: '2026-12-31T10:00:00.000Z',
  decidedAt: null,
  declineReason: null,
  ...overrides,
});

const notice = (language: string) => ({
  version: 2,
  language,
  text: `Notice ${language}`,
  grievanceOfficer: { name: 'Meera Joshi', email: 'grievance@example.org', phone: '+91 20 1111 2222' },
  publishedAt: '2026-11-01T00:00:00.000Z',
});

const DRAFT: Breach = {
  id: 4,
  what: 'A list was emailed to a wrong address.',
  occurredAt: '2026-12-01T05:00:00.000Z',
  foundAt: '2026-12-01T06:00:00.000Z',
  cityId: 1,
  ticketsFrom: '2026-11-01',
  ticketsTo: '2026-11-30',
  affected: 12,
  memberNotice: 'Draft to members',
  boardReport: 'Draft to the Board',
  boardEmail: null,
  status: 'draft',
  recordedAt: '2026-12-01T07:00:00.000Z',
  sentAt: null,
};

function serve() {
  let requests = [request({ id: 7 }), request({ id: 8, kind: 'correction', text: 'My flat is B-12' })];
  let breaches = [DRAFT];
  const sent: Record<string, unknown> = {};
  const api = answerRoutes({
    'GET /api/privacy/requests': () => json({ requests, total: requests.length }),
    'POST /api/privacy/requests/7/execute': () => {
      requests = requests.filter((one) => one.id !== 7);
      return json({ request: request({ id: 7, status: 'done' }) });
    },
    'POST /api/privacy/requests/8/decline': async (body: Request) => {
      sent.decline = await body.json();
      requests = requests.filter((one) => one.id !== 8);
      return json({ request: request({ id: 8, status: 'declined' }) });
    },
    'GET /api/privacy/breaches': () => json({ breaches }),
    'POST /api/privacy/breaches/4/send': async (body: Request) => {
      sent.breach = await body.json();
      breaches = [{ ...DRAFT, status: 'sent', sentAt: '2026-12-02T07:00:00.000Z' }];
      return json({ breach: breaches[0] });
    },
    'POST /api/privacy/notices': async (body: Request) => {
      sent.notice = await body.json();
      return json({ version: 3 }, 201);
    },
    'GET /api/privacy/notice': (asked: Request) =>
      json(notice(new URL(asked.url).searchParams.get('lang') ?? 'en')),
    'GET /api/cities/getAllCities': { cities: [{ id: 1, name: 'Pune' }] },
  });
  return { ...api, sent };
}

beforeEach(() => signInAs('admin'));
afterEach(() => signOut());

test('an admin executes one request and declines another with a reason', async () => {
  const { sent } = serve();
  const user = userEvent.setup({ delay: null });
  await act(async () => {
    render(<PrivacyPage />);
  });
  expect(screen.getByRole('heading', { level: 1, name: 'Personal data' })).toBeInTheDocument();
  const erasure = await screen.findByRole('article', { name: 'Request 7: Erasure' });
  expect(within(erasure).getByText(/due/)).toBeInTheDocument();
  await user.click(within(erasure).getByRole('button', { name: 'Erase the member' }));
  await waitFor(() => expect(screen.queryByRole('article', { name: 'Request 7: Erasure' })).toBeNull());

  const correction = screen.getByRole('article', { name: 'Request 8: Correction' });
  expect(within(correction).getByText('My flat is B-12')).toBeInTheDocument();
  await user.click(within(correction).getByRole('button', { name: 'Decline' }));
  const confirm = within(correction).getByRole('button', { name: 'Decline the request' });
  expect(confirm).toBeDisabled();
  await user.type(within(correction).getByLabelText('Reason'), 'The flat number is right');
  await user.click(confirm);
  await waitFor(() => expect(screen.getByText('No requests.')).toBeInTheDocument());
  expect(sent.decline).toEqual({ reason: 'The flat number is right' });
});

test('an admin reviews a breach draft and sends it; publishes a new notice in the three languages', async () => {
  const { sent } = serve();
  const user = userEvent.setup({ delay: null });
  await act(async () => {
    render(<PrivacyPage />);
  });
  const breach = await screen.findByRole('article', { name: 'Breach 4' });
  expect(within(breach).getByText(/12 members affected/)).toBeInTheDocument();
  const notice = within(breach).getByLabelText(/Notice to the affected members/);
  await user.clear(notice);
  await user.type(notice, 'Reviewed notice');
  await user.type(within(breach).getByLabelText(/The Board's email address/), 'board@dpb.example');
  await user.click(within(breach).getByRole('button', { name: 'Send to 12 members and the Board' }));
  await waitFor(() =>
    expect(within(screen.getByRole('article', { name: 'Breach 4' })).getByText('Sent')).toBeInTheDocument(),
  );
  expect(sent.breach).toEqual({
    memberNotice: 'Reviewed notice',
    boardReport: 'Draft to the Board',
    boardEmail: 'board@dpb.example',
  });

  expect(await screen.findByText(/The submit form shows version 2/)).toBeInTheDocument();
  const hindi = await screen.findByLabelText(/Notice in Hindi/);
  expect(hindi).toHaveValue('Notice hi');
  await user.type(hindi, ' v3');
  await user.click(screen.getByRole('button', { name: 'Publish a new version' }));
  expect(
    await screen.findByText('Version 3 is published: the submit form shows it now.'),
  ).toBeInTheDocument();
  expect(sent.notice).toEqual({
    texts: { en: 'Notice en', hi: 'Notice hi v3', mr: 'Notice mr' },
    grievanceOfficer: { name: 'Meera Joshi', email: 'grievance@example.org', phone: '+91 20 1111 2222' },
  });
});
