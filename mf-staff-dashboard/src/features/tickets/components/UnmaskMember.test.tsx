import { answerRoutes, json } from 'shared-contracts/testing/network';
import { act, render, screen, userEvent } from 'shared-contracts/testing/render';
import { signInAs, signOut } from '../../../testing/helpers';
import { UnmaskMember } from './UnmaskMember';

beforeEach(() => signInAs('credaipresident'));
afterEach(() => signOut());

test('the association president sees a shielded member only with a reason, which the api keeps', async () => {
  const reasons: string[] = [];
  answerRoutes({
    'POST /api/tickets/41/unmask': async (request: Request) => {
      reasons.push(((await request.json()) as { reason: string }).reason);
      return json({
        customer: { id: 9, fullName: 'Ravi Kumar', email: 'ravi@example.com', mobile: '9876543210' },
      });
    },
  });
  await act(async () => {
    render(<UnmaskMember ticketId={41} />);
  });
  const button = screen.getByRole('button', { name: 'Show identity' });
  expect(button).toBeDisabled();
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Why do you need to see who this member is?'), ' Legal notice ');
  await user.click(button);
  const shown = await screen.findByRole('status');
  expect(shown).toHaveTextContent('Ravi Kumar · ravi@example.com · 9876543210');
  expect(shown).toHaveTextContent('this is recorded in the audit trail');
  expect(reasons).toEqual(['Legal notice']);
});
