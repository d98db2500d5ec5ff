import { setLanguage, type TicketComment } from 'shared-contracts';
import { act, render, screen } from 'shared-contracts/testing/render';
import '../../../i18n';
import { TicketHistory } from './TicketHistory';

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
    actionBy: 'Sachin Bhosale',
    actorRole: 'observer',
    action: 'reject',
    kind: 'ticket.rejected',
    values: {},
    createdAt: '2026-11-20T10:30:00.000Z',
    text: 'Rejected by Office Bearer',
    visibility: 'public',
  },
  {
    id: 3,
    actionBy: 'Meera Gokhale',
    actorRole: 'convenor',
    action: 'resolve',
    kind: 'ticket.resolved',
    values: { comment: 'Developer agreed to fix the lift' },
    createdAt: '2026-11-20T11:30:00.000Z',
    text: 'Developer agreed to fix the lift',
    visibility: 'public',
  },
];

describe("the staff's ticket history shows the api's own entries in the page's language (issue 20)", () => {
  afterEach(() => act(() => setLanguage('en')));

  test('English as stored; Hindi for the entries the api wrote, the convenor’s words as written', async () => {
    render(<TicketHistory entries={ENTRIES} />);
    expect(screen.getByText('Ticket submitted')).toBeInTheDocument();
    expect(screen.getByText('Rejected by Office Bearer')).toBeInTheDocument();

    await act(() => setLanguage('hi'));
    expect(await screen.findByText('पदाधिकारी ने अस्वीकार किया')).toBeInTheDocument();
    expect(screen.getByText('टिकट दर्ज हुआ')).toBeInTheDocument();
    expect(screen.getByText('Developer agreed to fix the lift')).toBeInTheDocument();
    expect(screen.queryByText('Rejected by Office Bearer')).not.toBeInTheDocument();
  });
});
