import { render, screen, userEvent, waitFor } from 'shared-contracts/testing/render';
import '../../../i18n';
import { json, mockApi } from '../../../testing/api';
import { MemberRights } from './MemberRights';

const KEY = 'm'.repeat(43);

const request = (kind: string, status = 'open', text: string | null = null) => ({
  request: {
    id: 9,
    memberId: 3,
    kind,
    text,
    status,
    createdAt: '2026-12-01T10:00:00.000Z',
    dueAt: '2026-12-31T10:00:00.000Z',
    decidedAt: null,
    declineReason: null,
  },
});

const EXPORT = {
  exportedAt: '2026-12-01T10:00:00.000Z',
  member: { id: 3, fullName: 'Ravi Kumar', email: 'ravi@example.com', mobile: '9876543210' },
  tickets: [],
  messages: [],
  requests: [],
};

afterEach(() => jest.restoreAllMocks());

describe("the member's rights on their list (ADR 0050)", () => {
  test('downloads the data as a JSON file with the list key', async () => {
    const api = mockApi({ 'GET /api/members/3/export': EXPORT });
    const createObjectURL = jest.fn(() => 'blob:my-data');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup({ delay: null });
    render(<MemberRights memberId={3} accessKey={KEY} />);
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Your data was downloaded as a JSON file.')).toBeInTheDocument();
    expect(api.requests[0]?.headers.get('X-Access-Key')).toBe(KEY);
    expect(click).toHaveBeenCalledTimes(1);
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    expect(JSON.parse(await blob.text())).toEqual(EXPORT);
  });

  test('withdraws consent at once; asks for a correction with its text; asks for erasure after confirming', async () => {
    const api = mockApi({
      'POST /api/members/3/requests': async (sent: Request) => {
        const body = (await sent.json()) as { kind: string; text?: string };
        return json(
          request(body.kind, body.kind === 'withdraw-consent' ? 'done' : 'open', body.text ?? null),
          202,
        );
      },
    });
    const user = userEvent.setup({ delay: null });
    render(<MemberRights memberId={3} accessKey={KEY} />);
    await user.click(screen.getByRole('button', { name: 'Stop SMS and WhatsApp messages' }));
    expect(
      await screen.findByText('Done: you will no longer get SMS or WhatsApp messages. Emails continue.'),
    ).toBeInTheDocument();

    const ask = screen.getByRole('button', { name: 'Ask for a correction' });
    expect(ask).toBeDisabled();
    await user.type(screen.getByLabelText('What should be corrected?'), 'My flat is B-12');
    await user.click(ask);
    expect(
      await screen.findByText('Your correction request was sent. We will tell you the answer by email.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ask to erase my data' }));
    expect(screen.getByText(/this link will then open nothing/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, erase my data' }));
    expect(
      await screen.findByText('Your erasure request was sent. We will tell you the answer by email.'),
    ).toBeInTheDocument();
    const bodies = await Promise.all(api.requests.map((sent) => sent.clone().json()));
    expect(bodies).toEqual([
      { kind: 'withdraw-consent' },
      { kind: 'correction', text: 'My flat is B-12' },
      { kind: 'erasure' },
    ]);
    for (const sent of api.requests) expect(sent.headers.get('X-Access-Key')).toBe(KEY);
  });

  test('a refused request says why', async () => {
    mockApi({ 'POST /api/members/3/requests': json({ error: 'Too many requests' }, 429) });
    const user = userEvent.setup({ delay: null });
    render(<MemberRights memberId={3} accessKey={KEY} />);
    await user.click(screen.getByRole('button', { name: 'Stop SMS and WhatsApp messages' }));
    await waitFor(() => expect(screen.getByRole('alert')).toBeInTheDocument());
    expect(screen.getByRole('alert')).not.toBeEmptyDOMElement();
  });
});
