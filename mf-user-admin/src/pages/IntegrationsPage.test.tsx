import { Route, Routes } from 'react-router-dom';
import type {
  AdminUser,
  ApiToken,
  ApiTokenInput,
  Webhook,
  WebhookDelivery,
  WebhookInput,
} from 'shared-contracts';
import { answerRoutes, json } from 'shared-contracts/testing/network';
import { act, render, screen, userEvent, waitFor, within } from 'shared-contracts/testing/render';
import { signInAs, signOut } from '../testing/helpers';
import IntegrationsPage from './IntegrationsPage';

const TOKENS = 'GET /api/admin/tokens';
const NEW_TOKEN = 'hdk_12_AbCdEfGhIjKlMnOpQrStUvWxYz012345';
const WEBHOOK_SECRET = 'whsec_c2VjcmV0LXNob3duLW9uY2U=';

function token(overrides: Partial<ApiToken> & { id: number; name: string }): ApiToken {
  return {
    scopes: ['tickets:read'],
    cityId: null,
    city: null,
    expiresAt: null,
    createdAt: '2026-11-20T09:30:00.000Z',
    lastUsedAt: null,
    revokedAt: null,
    actingUserId: null,
    actingUser: null,
    ...overrides,
  };
}

function staff(
  id: number,
  fullName: string,
  role: AdminUser['role'],
  city: string,
  isActive = true,
): AdminUser {
  return {
    id,
    fullName,
    email: `s${id}@example.com`,
    mobile: '9800000000',
    city,
    committee: null,
    role,
    isActive,
  };
}

const PRESIDENT = staff(31, 'Aditya Patwardhan', 'citypresident', 'Pune');
const STAFF = [
  PRESIDENT,
  staff(32, 'Mumbai Head', 'citypresident', 'Mumbai'),
  staff(33, 'Gone Away', 'observer', 'Pune', false),
  staff(34, 'Ravi Member', 'customer', 'Pune'),
];

/**
 * A small fake of the integrations calls: what the screen posts changes what the lists answer
 * next. Returns the bodies posted and the paths asked, in order.
 */
function fakeIntegrations(options: {
  tokens?: ApiToken[];
  webhooks?: Webhook[];
  deliveries?: WebhookDelivery[];
}) {
  const tokens = [...(options.tokens ?? [])];
  const webhooks = [...(options.webhooks ?? [])];
  let deliveries = [...(options.deliveries ?? [])];
  const posted: { tokens: ApiTokenInput[]; webhooks: WebhookInput[] } = { tokens: [], webhooks: [] };
  const routes = answerRoutes({
    [TOKENS]: () => json({ tokens }),
    'POST /api/admin/tokens': async (request: Request) => {
      const body = (await request.json()) as ApiTokenInput;
      posted.tokens.push(body);
      tokens.unshift(
        token({ id: 12, name: body.name, scopes: body.scopes, actingUserId: body.actingUserId ?? null }),
      );
      return json({ id: 12, token: NEW_TOKEN }, 201);
    },
    'DELETE /api/admin/tokens/5': () => {
      const revoked = tokens.find((each) => each.id === 5);
      if (revoked) revoked.revokedAt = '2026-11-29T04:00:00.000Z';
      return json({ ok: true });
    },
    'GET /api/cities/getAllCities': () =>
      json({
        cities: [
          { id: 10, name: 'Pune' },
          { id: 11, name: 'Mumbai' },
        ],
      }),
    'GET /api/admin/users': (request: Request) => {
      const search = (new URL(request.url).searchParams.get('search') ?? '').toLowerCase();
      const users = STAFF.filter((user) => user.fullName.toLowerCase().includes(search));
      return json({ users, total: users.length });
    },
    'GET /api/admin/webhooks': () => json({ webhooks }),
    'POST /api/admin/webhooks': async (request: Request) => {
      const body = (await request.json()) as WebhookInput;
      posted.webhooks.push(body);
      webhooks.unshift({ id: 4, url: body.url, events: body.events, createdAt: '2026-11-29T04:00:00.000Z' });
      return json({ id: 4, secret: WEBHOOK_SECRET }, 201);
    },
    'GET /api/admin/webhooks/3/deliveries': () => json({ deliveries }),
    'POST /api/admin/webhooks/3/deliveries/9/retry': () => {
      deliveries = deliveries.map((each) =>
        each.id === 9 ? { ...each, status: 'sent', attempts: each.attempts + 1, answer: 'HTTP 200' } : each,
      );
      return json({ ok: true });
    },
  });
  return { ...routes, posted };
}

async function renderPage() {
  await act(async () => {
    render(
      <Routes>
        <Route path="/integrations" element={<IntegrationsPage />} />
      </Routes>,
      { route: '/integrations' },
    );
  });
}

/** Each row's cells as text, without the header row. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

const tokenForm = () => screen.getByRole('form', { name: 'Create token' });
const webhookForm = () => screen.getByRole('form', { name: 'Register webhook' });

beforeEach(() => signInAs('admin'));
afterEach(() => signOut());

test('lists the tokens with their scopes, city, acting user and state', async () => {
  fakeIntegrations({
    tokens: [
      token({
        id: 6,
        name: 'WhatsApp desk',
        scopes: ['tickets:read', 'tickets:write'],
        cityId: 10,
        city: 'Pune',
        actingUserId: 31,
        actingUser: 'Aditya Patwardhan',
      }),
      token({
        id: 5,
        name: 'Member register',
        scopes: ['users:read'],
        revokedAt: '2026-11-21T10:00:00.000Z',
      }),
    ],
  });
  await renderPage();

  const table = await screen.findByRole('table', { name: 'API tokens' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent),
  ).toEqual(['Name', 'Scopes', 'City', 'Acts for', 'Expires', 'Last used', 'State', 'Actions']);
  expect(rowsOf(table).map((cells) => cells.slice(0, 7))).toEqual([
    [
      'WhatsApp desk',
      'tickets:read, tickets:write',
      'Pune',
      'Aditya Patwardhan',
      'Never',
      'Not yet',
      'Active',
    ],
    ['Member register', 'users:read', 'All cities', 'No one', 'Never', 'Not yet', 'Revoked'],
  ]);
  // Only a live token can be revoked.
  expect(screen.getByRole('button', { name: 'Revoke the token WhatsApp desk' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Revoke the token Member register' })).not.toBeInTheDocument();
});

test('creating a token shows it once; it is gone from the screen when the next one is made', async () => {
  const user = userEvent.setup();
  const { posted } = fakeIntegrations({});
  await renderPage();
  expect(await screen.findByText('No API tokens yet.')).toBeInTheDocument();

  await user.click(within(tokenForm()).getByRole('button', { name: 'Create token' }));
  expect(within(tokenForm()).getByText('Give the token a name')).toBeInTheDocument();
  expect(within(tokenForm()).getByText('Choose at least one scope')).toBeInTheDocument();
  expect(posted.tokens).toEqual([]);

  await user.type(within(tokenForm()).getByRole('textbox', { name: 'Name' }), 'State portal export');
  await user.click(within(tokenForm()).getByRole('checkbox', { name: 'Read reports (reports:read)' }));
  await user.click(within(tokenForm()).getByRole('button', { name: 'Create token' }));

  const created = await screen.findByRole('status');
  expect(created).toHaveTextContent('Copy this token now and keep it safe: it is not shown again.');
  expect(within(created).getByLabelText('The new token')).toHaveTextContent(NEW_TOKEN);
  expect(posted.tokens).toEqual([
    {
      name: 'State portal export',
      scopes: ['reports:read'],
      cityId: null,
      expiresAt: null,
      actingUserId: null,
    },
  ]);
  // The list asked again shows it by name only; the form is empty for the next one.
  const table = await screen.findByRole('table', { name: 'API tokens' });
  expect(within(table).getByText('State portal export')).toBeInTheDocument();
  expect(within(table).queryByText(NEW_TOKEN)).not.toBeInTheDocument();
  expect(within(tokenForm()).getByRole('textbox', { name: 'Name' })).toHaveValue('');
});

test('a tickets:write token needs the active staff user it acts for, of its city', async () => {
  const user = userEvent.setup();
  const { posted } = fakeIntegrations({});
  await renderPage();
  await screen.findByText('No API tokens yet.');

  const form = tokenForm();
  expect(within(form).queryByRole('combobox', { name: 'Acts for (staff user)' })).not.toBeInTheDocument();
  await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'WhatsApp desk');
  await user.click(within(form).getByRole('checkbox', { name: 'Change tickets (tickets:write)' }));
  await user.click(within(form).getByRole('button', { name: 'Create token' }));
  expect(within(form).getByText('Choose the staff user this token acts for')).toBeInTheDocument();
  expect(posted.tokens).toEqual([]);

  await user.click(within(form).getByRole('combobox', { name: 'City' }));
  await user.click(await screen.findByRole('option', { name: 'Pune' }));
  await user.click(within(form).getByRole('combobox', { name: 'Acts for (staff user)' }));
  // Active staff of Pune only: not another city's, a deactivated one, nor a member.
  expect(
    await screen.findByRole('option', { name: 'Aditya Patwardhan (City President, Pune)' }),
  ).toBeInTheDocument();
  expect(screen.queryByRole('option', { name: /Mumbai Head/ })).not.toBeInTheDocument();
  expect(screen.queryByRole('option', { name: /Gone Away/ })).not.toBeInTheDocument();
  expect(screen.queryByRole('option', { name: /Ravi Member/ })).not.toBeInTheDocument();
  await user.click(screen.getByRole('option', { name: 'Aditya Patwardhan (City President, Pune)' }));
  await user.click(within(form).getByRole('button', { name: 'Create token' }));

  expect(await screen.findByRole('status')).toHaveTextContent(NEW_TOKEN);
  expect(posted.tokens).toEqual([
    { name: 'WhatsApp desk', scopes: ['tickets:write'], cityId: 10, expiresAt: null, actingUserId: 31 },
  ]);
});

test('the webhook form refuses an address that is not https:// and no events; registered, the secret shows once', async () => {
  const user = userEvent.setup();
  const { posted } = fakeIntegrations({});
  await renderPage();
  expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument();

  const form = webhookForm();
  await user.type(
    within(form).getByRole('textbox', { name: 'Address (https://)' }),
    'http://crm.example.org/hook',
  );
  await user.click(within(form).getByRole('button', { name: 'Register webhook' }));
  expect(within(form).getByText('Enter an address that starts with https://')).toBeInTheDocument();
  expect(within(form).getByText('Choose at least one event')).toBeInTheDocument();
  expect(posted.webhooks).toEqual([]);

  const address = within(form).getByRole('textbox', { name: 'Address (https://)' });
  await user.clear(address);
  await user.type(address, 'https://crm.example.org/hook');
  await user.click(within(form).getByRole('checkbox', { name: 'Status changed (ticket.status_changed)' }));
  await user.click(within(form).getByRole('button', { name: 'Register webhook' }));

  const registered = await screen.findByRole('status');
  expect(within(registered).getByLabelText('The signing secret')).toHaveTextContent(WEBHOOK_SECRET);
  expect(posted.webhooks).toEqual([
    { url: 'https://crm.example.org/hook', events: ['ticket.status_changed'] },
  ]);
  const list = await screen.findByRole('list', { name: 'Registered webhooks' });
  expect(within(list).getByText('https://crm.example.org/hook')).toBeInTheDocument();
});

test("a webhook's delivery log shows each answer, and Retry sends a failed one again", async () => {
  const user = userEvent.setup();
  const { paths } = fakeIntegrations({
    webhooks: [
      {
        id: 3,
        url: 'https://crm.example.org/hook',
        events: ['ticket.submitted'],
        createdAt: '2026-11-20T09:30:00.000Z',
      },
    ],
    deliveries: [
      {
        id: 9,
        event: 'ticket.submitted',
        status: 'failed',
        attempts: 8,
        answer: 'HTTP 503',
        createdAt: '2026-11-28T09:30:00.000Z',
        sentAt: null,
        nextAttemptAt: null,
      },
      {
        id: 8,
        event: 'ticket.submitted',
        status: 'sent',
        attempts: 1,
        answer: 'HTTP 200',
        createdAt: '2026-11-27T09:30:00.000Z',
        sentAt: '2026-11-27T09:30:01.000Z',
        nextAttemptAt: null,
      },
    ],
  });
  await renderPage();
  const list = await screen.findByRole('list', { name: 'Registered webhooks' });
  await user.click(within(list).getByRole('button', { name: 'Show deliveries' }));

  const log = await screen.findByRole('table', { name: 'Deliveries to https://crm.example.org/hook' });
  expect(rowsOf(log).map((cells) => cells.slice(0, 4))).toEqual([
    ['Ticket submitted', 'Failed', '8', 'HTTP 503'],
    ['Ticket submitted', 'Delivered', '1', 'HTTP 200'],
  ]);
  // A delivered one has nothing to retry.
  expect(within(log).getAllByRole('button', { name: /Send delivery/ })).toHaveLength(1);

  await user.click(within(log).getByRole('button', { name: 'Send delivery 9 again' }));
  await waitFor(() =>
    expect(rowsOf(screen.getByRole('table', { name: /Deliveries to/ }))[0]?.slice(0, 4)).toEqual([
      'Ticket submitted',
      'Delivered',
      '9',
      'HTTP 200',
    ]),
  );
  expect(paths()).toContain('POST /api/admin/webhooks/3/deliveries/9/retry');
});

test('Revoke asks first: Cancel keeps the token; confirmed, it is revoked and the list says so', async () => {
  const user = userEvent.setup();
  const { paths } = fakeIntegrations({ tokens: [token({ id: 5, name: 'Member register' })] });
  await renderPage();
  const table = await screen.findByRole('table', { name: 'API tokens' });

  await user.click(within(table).getByRole('button', { name: 'Revoke the token Member register' }));
  let dialog = await screen.findByRole('dialog', { name: 'Revoke the token Member register?' });
  expect(dialog).toHaveTextContent('The system using this token stops working with its next request.');
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(paths()).not.toContain('DELETE /api/admin/tokens/5');

  await user.click(within(table).getByRole('button', { name: 'Revoke the token Member register' }));
  dialog = await screen.findByRole('dialog', { name: 'Revoke the token Member register?' });
  await user.click(within(dialog).getByRole('button', { name: 'Revoke token' }));

  expect(await screen.findByText('The token is revoked: it no longer works.')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await waitFor(() =>
    expect(rowsOf(screen.getByRole('table', { name: 'API tokens' }))[0]?.[6]).toBe('Revoked'),
  );
  expect(screen.queryByRole('button', { name: 'Revoke the token Member register' })).not.toBeInTheDocument();
  expect(paths().filter((path) => path === 'DELETE /api/admin/tokens/5')).toHaveLength(1);
});

test('a refused revoke says why in the dialog and keeps the token', async () => {
  const user = userEvent.setup();
  fakeIntegrations({ tokens: [token({ id: 7, name: 'Old CRM' })] });
  await renderPage();
  const table = await screen.findByRole('table', { name: 'API tokens' });
  await user.click(within(table).getByRole('button', { name: 'Revoke the token Old CRM' }));
  const dialog = await screen.findByRole('dialog', { name: 'Revoke the token Old CRM?' });
  await user.click(within(dialog).getByRole('button', { name: 'Revoke token' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('The token could not be revoked');
  expect(rowsOf(screen.getByRole('table', { name: 'API tokens' }))[0]?.[6]).toBe('Active');
});

test('a role without the admin menu gets "not allowed" and no list is asked for', async () => {
  signInAs('citypresident');
  const { paths } = answerRoutes({});
  await renderPage();
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Only admins can manage API tokens and webhooks. You are signed in as City President.',
  );
  await waitFor(() => expect(paths()).toEqual(['GET /api/auth/check']));
});
