import { setLanguage, type TicketComment } from 'shared-contracts';
import { act, render, screen, within } from 'shared-contracts/testing/render';
import '../../../i18n';
import { PublicTimeline } from './PublicTimeline';

/** The entries the api writes itself (submitted, an approve without comment) and a person's words. */
const ENTRIES: TicketComment[] = [
  {
    id: 1,
    actionBy: 'Ravi Kulkarni',
    actorRole: 'customer',
    action: 'submitted',
    kind: 'ticket.submitted',
    values: {},
    createdAt: '2026-11-20T09:30:00.000Z',
    text: 'Ticket submitted',
    visibility: 'public',
  },
  {
    id: 2,
    actionBy: 'Asha Pune',
    actorRole: 'citypresident',
    action: 'approve',
    kind: 'ticket.approved',
    values: {},
    createdAt: '2026-11-20T10:30:00.000Z',
    text: 'Approved by City President',
    visibility: 'public',
  },
  {
    id: 3,
    actionBy: 'Asha Pune',
    actorRole: 'citypresident',
    action: 'reject',
    kind: 'ticket.rejected',
    values: { comment: 'Not in our city' },
    createdAt: '2026-11-20T11:30:00.000Z',
    text: 'Not in our city',
    visibility: 'public',
  },
];

const texts = () =>
  within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');

describe("the member's timeline shows the api's own entries in the page's language (issue 20)", () => {
  afterEach(() => act(() => setLanguage('en')));

  test("English: exactly the stored texts; Marathi: the same entries in Marathi, the member's reason as written", async () => {
    render(<PublicTimeline entries={ENTRIES} accessKey={null} />);
    const english = texts();
    expect(english[0]).toContain('Ticket submitted');
    expect(english[1]).toContain('Approved by City President');
    expect(english[2]).toContain('Not in our city');

    await act(() => setLanguage('mr'));
    const marathi = await screen.findByText('शहर अध्यक्ष यांनी मंजूर केले');
    expect(marathi).toBeInTheDocument();
    expect(screen.getByText('तिकीट नोंदवले')).toBeInTheDocument();
    expect(screen.getByText('Not in our city')).toBeInTheDocument();
    expect(screen.queryByText('Approved by City President')).not.toBeInTheDocument();
    expect(screen.queryByText('Ticket submitted')).not.toBeInTheDocument();
  });
});
