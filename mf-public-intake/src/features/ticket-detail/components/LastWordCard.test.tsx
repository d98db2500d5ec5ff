import { notifications } from '@mantine/notifications';
import { Route, Routes, useParams } from 'react-router-dom';
import { formatDate, type TicketInput } from 'shared-contracts';
import { act, render, screen, userEvent, waitFor, within } from 'shared-contracts/testing/render';
import '../../../i18n';
import { json, mockApi } from '../../../testing/api';
import { TicketDetail } from './TicketDetail';

const KEY = 'k'.repeat(43);
const REOPEN_UNTIL = '2026-12-04T18:29:59.000Z';
const APPEAL_UNTIL = '2026-12-27T18:29:59.000Z';

const RESOLVED: TicketInput = {
  id: 9,
  title: 'Legal: lift in block B',
  description: 'The lift in block B is broken.',
  status: 'resolved',
  resolutionMethod: 'The builder repaired the lift.',
  createdAt: '2026-11-01T10:30:00.000Z',
  currentAssignee: 'Completed',
  customer: { id: 3, fullName: 'Ravi Kumar', email: 'r***@example.com', mobile: '98******10' },
  committee: { name: 'Legal' },
  cityData: { name: 'Pune' },
  city: 'Pune',
  lastWord: {
    canRate: true,
    canReopen: true,
    reopenUntil: REOPEN_UNTIL,
    canAppeal: false,
    appealUntil: null,
  },
};

const OPEN_APPEAL = {
  id: 4,
  ticketId: 9,
  ticketNumber: 'CREDAI-9',
  title: RESOLVED.title,
  city: 'Pune',
  committee: 'Legal',
  memberName: 'Ravi Kumar',
  reason: 'The lift still stops between floors.',
  filedAt: '2026-11-27T09:00:00.000Z',
  dueAt: '2026-12-27T09:00:00.000Z',
  outcome: null,
  decisionReason: null,
  decidedAt: null,
};

function TicketDetailRoute() {
  const { id } = useParams();
  return <TicketDetail idSegment={id} />;
}

/**
 * The ticket's page against a small in-test api: GET answers `ticket` as it stands; each POST of
 * the last word answers what `posts` says (the ticket after it, or an error) and changes `ticket`.
 */
function serve(first: TicketInput, posts: Record<string, (body: unknown) => Response> = {}) {
  const state = { ticket: first };
  const routes: Record<string, unknown> = {
    'GET /api/tickets/9': () => json({ ticket: state.ticket }),
    'GET /api/tickets/9/stages': { stages: [] },
  };
  for (const [route, answer] of Object.entries(posts)) {
    routes[route] = async (request: Request) => answer(await request.json());
  }
  const api = mockApi(routes);
  return {
    api,
    state,
    /** The bodies POSTed to `path`, in order. */
    async bodies(path: string) {
      const sent = api.requests.filter(
        (request) => request.method === 'POST' && new URL(request.url).pathname === path,
      );
      return Promise.all(sent.map((request) => request.clone().json()));
    },
  };
}

async function openPage() {
  render(
    <Routes>
      <Route path="/ticket-detail/:id" element={<TicketDetailRoute />} />
    </Routes>,
    { route: `/ticket-detail/9#key=${KEY}` },
  );
  await screen.findByRole('heading', { level: 1, name: 'Ticket Submitted Successfully!' });
}

const region = (name: string) => screen.getByRole('region', { name });
/**
 * A refusal as the api answers it, its English text replaced: the page must choose its text by
 * the code (`details[].code`), not by the message.
 */
const refusal = (code: string, status = 409) => json({ error: 'Refused', details: [{ code }] }, status);

afterEach(() => {
  act(() => notifications.clean());
});

describe('nothing to say before the outcome (docs/architecture.md#the-members-last-word)', () => {
  test('a ticket in progress shows no rating, reopen or appeal', async () => {
    serve({ ...RESOLVED, status: 'in-review', currentAssignee: 'Convenor', lastWord: null });
    await openPage();
    expect(screen.queryByRole('region', { name: 'Rate the outcome' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Reopen the ticket' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Appeal' })).not.toBeInTheDocument();
  });
});

describe('Rate the outcome', () => {
  test('five radios named by their meaning; no stars: the shared message; 2 stars and a comment go with the key; then the thank-you', async () => {
    const rated = {
      ...RESOLVED,
      rating: { stars: 2, comment: 'Slow to answer.', ratedAt: '2026-11-27T10:00:00.000Z' },
      lastWord: {
        canRate: false,
        canReopen: true,
        reopenUntil: REOPEN_UNTIL,
        canAppeal: true,
        appealUntil: APPEAL_UNTIL,
      },
    };
    const fake = serve(RESOLVED, {
      'POST /api/tickets/9/rating': () => {
        fake.state.ticket = rated;
        return json({ ticket: rated });
      },
    });
    const user = userEvent.setup();
    await openPage();
    const card = region('Rate the outcome');
    const stars = within(card).getByRole('radiogroup', { name: 'Your rating' });
    expect(
      within(stars)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('aria-label')),
    ).toEqual([
      'No stars',
      '1 star: very poor',
      '2 stars: poor',
      '3 stars: fair',
      '4 stars: good',
      '5 stars: very good',
    ]);

    await user.click(within(card).getByRole('button', { name: 'Submit rating' }));
    expect(await within(card).findByText('Choose from 1 to 5 stars')).toBeInTheDocument();
    expect(await fake.bodies('/api/tickets/9/rating')).toEqual([]);

    await user.click(within(stars).getByRole('radio', { name: '2 stars: poor' }));
    await user.type(within(card).getByRole('textbox', { name: 'Comment (optional)' }), '  Slow to answer. ');
    await user.click(within(card).getByRole('button', { name: 'Submit rating' }));

    expect(await screen.findByText('Thank you for rating the outcome.')).toBeInTheDocument();
    expect(await fake.bodies('/api/tickets/9/rating')).toEqual([{ stars: 2, comment: 'Slow to answer.' }]);
    const post = fake.api.requests.find((request) => request.method === 'POST');
    expect(post?.headers.get('X-Access-Key')).toBe(KEY);
    expect(
      within(region('Rate the outcome')).getByRole('img', { name: 'You rated the outcome 2 of 5' }),
    ).toBeInTheDocument();
    expect(within(region('Rate the outcome')).getByText('Your comment: Slow to answer.')).toBeInTheDocument();
    expect(screen.getByText('Thank you for your rating.')).toBeInTheDocument();
    // A low rating opens the appeal (the server's lastWord says so).
    expect(region('Appeal to the association president')).toBeInTheDocument();
  });

  test('a refusal by code (ALREADY_RATED) shows in the form, the stars and the comment kept', async () => {
    const fake = serve(RESOLVED, {
      'POST /api/tickets/9/rating': () => refusal('ALREADY_RATED'),
    });
    const user = userEvent.setup();
    await openPage();
    const card = region('Rate the outcome');
    await user.click(within(card).getByRole('radio', { name: '4 stars: good' }));
    await user.type(within(card).getByRole('textbox', { name: 'Comment (optional)' }), 'Fine');
    await user.click(within(card).getByRole('button', { name: 'Submit rating' }));
    await waitFor(() => expect(fake.api.paths()).toContain('POST /api/tickets/9/rating'));
    const alert = await within(card).findByRole('alert');
    expect(alert).toHaveTextContent('Your rating was not sent');
    expect(alert).toHaveTextContent('You have already rated this outcome');
    expect(within(card).getByRole('radio', { name: '4 stars: good' })).toBeChecked();
    expect(within(card).getByRole('textbox', { name: 'Comment (optional)' })).toHaveValue('Fine');
  });

  test('the keyboard rates: arrows choose the stars, Submit sends them', async () => {
    const fake = serve(RESOLVED, { 'POST /api/tickets/9/rating': () => json({ ticket: RESOLVED }) });
    const user = userEvent.setup();
    await openPage();
    const card = region('Rate the outcome');
    within(card).getByRole('radio', { name: '3 stars: fair' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(within(card).getByRole('radio', { name: '4 stars: good' })).toBeChecked();
    await user.click(within(card).getByRole('button', { name: 'Submit rating' }));
    await waitFor(async () => expect(await fake.bodies('/api/tickets/9/rating')).toEqual([{ stars: 4 }]));
  });

  test('a closed case says so and offers nothing more; the stars given stay', async () => {
    serve({
      ...RESOLVED,
      closedAt: '2026-11-27T10:00:00.000Z',
      rating: { stars: 5, comment: null, ratedAt: '2026-11-27T10:00:00.000Z' },
      lastWord: { canRate: false, canReopen: false, reopenUntil: null, canAppeal: false, appealUntil: null },
    });
    await openPage();
    expect(screen.getByText('This case is closed')).toBeInTheDocument();
    expect(
      screen.getByText(
        `This case was closed on ${formatDate('2026-11-27T10:00:00.000Z')}. Nothing more can be added to it.`,
      ),
    ).toBeInTheDocument();
    expect(
      within(region('Rate the outcome')).getByRole('img', { name: 'You rated the outcome 5 of 5' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit rating' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Reopen the ticket' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('region', { name: 'Appeal to the association president' }),
    ).not.toBeInTheDocument();
  });
});

describe('Reopen the ticket', () => {
  test('until when; a blank reason is refused; REOPEN_WINDOW_CLOSED shows in the form with the reason kept; a second try reopens', async () => {
    const reopened = {
      ...RESOLVED,
      status: 'in-review',
      currentAssignee: 'Convenor' as const,
      reopenedAt: '2026-11-27T11:00:00.000Z',
      reopenReason: 'Still broken.',
      lastWord: null,
    };
    let tries = 0;
    const fake = serve(RESOLVED, {
      'POST /api/tickets/9/reopen': () => {
        tries += 1;
        if (tries === 1) return refusal('REOPEN_WINDOW_CLOSED');
        fake.state.ticket = reopened;
        return json({ ticket: reopened });
      },
    });
    const user = userEvent.setup();
    await openPage();
    const card = region('Reopen the ticket');
    expect(
      within(card).getByText(
        `Not solved after all? You can reopen this ticket until ${formatDate(REOPEN_UNTIL)}. It goes back to the office bearer who resolved it.`,
      ),
    ).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Reopen' }));
    const form = within(card).getByRole('form', { name: 'Reopen the ticket' });
    await user.click(within(form).getByRole('button', { name: 'Reopen the ticket' }));
    expect(await within(form).findByText('A reason is required')).toBeInTheDocument();

    const reason = within(form).getByRole('textbox', { name: /Why are you reopening it\?/ });
    await user.type(reason, 'Still broken.');
    await user.click(within(form).getByRole('button', { name: 'Reopen the ticket' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('The ticket was not reopened');
    expect(alert).toHaveTextContent('The time to reopen this ticket has passed');
    expect(reason).toHaveValue('Still broken.');

    await user.click(within(form).getByRole('button', { name: 'Reopen the ticket' }));
    expect(await screen.findByText('Your ticket is reopened.')).toBeInTheDocument();
    expect(await fake.bodies('/api/tickets/9/reopen')).toEqual([
      { reason: 'Still broken.' },
      { reason: 'Still broken.' },
    ]);
    // The ticket is back in the chain: nothing of the last word is offered any more.
    expect(screen.queryByRole('region', { name: 'Reopen the ticket' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Rate the outcome' })).not.toBeInTheDocument();
  });

  test('Cancel closes the form', async () => {
    serve(RESOLVED);
    const user = userEvent.setup();
    await openPage();
    const card = region('Reopen the ticket');
    await user.click(within(card).getByRole('button', { name: 'Reopen' }));
    await user.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(within(card).queryByRole('form')).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Reopen' })).toBeInTheDocument();
  });
});

describe('Appeal to the association president', () => {
  const REJECTED: TicketInput = {
    ...RESOLVED,
    status: 'rejected',
    resolutionMethod: null,
    rejectionReason: 'Outside the committee scope',
    lastWord: {
      canRate: false,
      canReopen: false,
      reopenUntil: null,
      canAppeal: true,
      appealUntil: APPEAL_UNTIL,
    },
  };

  test('APPEAL_WINDOW_CLOSED shows in the form; a filed appeal then shows its state and due date', async () => {
    const appealed = {
      ...REJECTED,
      appeal: OPEN_APPEAL,
      lastWord: { canRate: false, canReopen: false, reopenUntil: null, canAppeal: false, appealUntil: null },
    };
    let tries = 0;
    const fake = serve(REJECTED, {
      'POST /api/tickets/9/appeal': () => {
        tries += 1;
        if (tries === 1) return refusal('APPEAL_WINDOW_CLOSED');
        fake.state.ticket = appealed;
        return json({ ticket: appealed });
      },
    });
    const user = userEvent.setup();
    await openPage();
    const card = region('Appeal to the association president');
    expect(
      within(card).getByText(
        `If you disagree with the outcome, you can appeal to the association president until ${formatDate(APPEAL_UNTIL)}.`,
      ),
    ).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Appeal' }));
    const reason = within(card).getByRole('textbox', { name: /Your appeal/ });
    await user.type(reason, OPEN_APPEAL.reason);
    await user.click(within(card).getByRole('button', { name: 'Send appeal' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('The time to appeal has passed');
    expect(reason).toHaveValue(OPEN_APPEAL.reason);

    await user.click(within(card).getByRole('button', { name: 'Send appeal' }));
    expect(await screen.findByText('Your appeal has been filed.')).toBeInTheDocument();
    expect(await fake.bodies('/api/tickets/9/appeal')).toEqual([
      { reason: OPEN_APPEAL.reason },
      { reason: OPEN_APPEAL.reason },
    ]);
    const status = region('Your appeal');
    expect(within(status).getByText('Awaiting decision')).toBeInTheDocument();
    expect(within(status).getByText(formatDate(OPEN_APPEAL.dueAt))).toBeInTheDocument();
    expect(within(status).getByText(OPEN_APPEAL.reason)).toBeInTheDocument();
    expect(
      screen.queryByRole('region', { name: 'Appeal to the association president' }),
    ).not.toBeInTheDocument();
  });

  test.each([
    ['remanded', 'Sent back to the chapter', 'The association president sent your complaint back'],
    ['upheld', 'Upheld', 'The association president upheld your appeal.'],
    ['dismissed', 'Dismissed', 'The association president dismissed your appeal. The outcome stands.'],
  ] as const)(
    'a decided appeal (%s): the decision, what it means and the reasons',
    async (outcome, label, meaning) => {
      serve({
        ...REJECTED,
        appeal: {
          ...OPEN_APPEAL,
          outcome,
          decisionReason: 'The chapter did not visit the site.',
          decidedAt: '2026-11-28T09:00:00.000Z',
        },
        lastWord: {
          canRate: false,
          canReopen: false,
          reopenUntil: null,
          canAppeal: false,
          appealUntil: null,
        },
      });
      await openPage();
      const status = region('Your appeal');
      expect(within(status).getByText(label)).toBeInTheDocument();
      expect(within(status).getByText(new RegExp(`^${meaning}`))).toBeInTheDocument();
      expect(within(status).getByText('The chapter did not visit the site.')).toBeInTheDocument();
      expect(within(status).queryByText('Decision due by')).not.toBeInTheDocument();
    },
  );
});
