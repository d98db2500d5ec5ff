import { notifications } from '@mantine/notifications';
import { Route, Routes } from 'react-router-dom';
import { authStore } from 'shared-contracts';
import { act, render, screen, userEvent, waitFor, within } from 'shared-contracts/testing/render';
import '../../../i18n';
import { MEMBER_KEYS_STORAGE_KEY, memberKeyFor } from '../../../lib/memberKeys';
import { type Answer, deferred, fileOf, holdSubmits, json, mockApi } from '../../../testing/api';
import { LocationProbe } from '../../../testing/LocationProbe';
import { FORM_OPTIONS_STORAGE_KEY } from '../api/formOptions';
import { keepServedPresidents } from '../api/servedPresidents';
import { SubmitTicketForm } from './SubmitTicketForm';

const CITIES = {
  cities: [
    { id: 1, name: 'Pune' },
    { id: 2, name: 'Mumbai' },
  ],
};
const COMMITTEES = {
  committees: [
    { id: 7, name: 'Legal' },
    { id: 8, name: 'Maintenance' },
  ],
};
const TICKET_KEY = 't'.repeat(43);
const ANSWER = {
  success: true,
  ticketId: 9,
  userId: 3,
  shareUrl: `/ticket-detail/9#key=${TICKET_KEY}`,
};

/** The form's lists answered by route; every submit held by msw until the test answers it. */
/** The privacy notice the form shows (ADR 0068): version 3, two paragraphs. */
const NOTICE = {
  version: 3,
  language: 'en',
  text: 'Who we are: the association.\n\nWhat we keep: your name and email.',
  grievanceOfficer: { name: 'Meera Joshi', email: 'grievance@example.org', phone: '+91 20 1111 2222' },
  publishedAt: '2026-11-01T00:00:00.000Z',
};

function serveLists(extra: Record<string, Answer> = {}) {
  const api = mockApi({
    'GET /api/privacy/notice': NOTICE,
    'GET /api/cities/getAllCities': CITIES,
    'GET /api/committees/getAllCommittees': COMMITTEES,
    'GET /api/auth/city-president/1': { data: { fullName: 'Asha Pune' } },
    'GET /api/auth/city-president/2': json({ error: 'No city president found for this city' }, 404),
    ...extra,
  });
  return { ...api, submits: holdSubmits() };
}

function renderForm() {
  return render(
    <Routes>
      <Route path="/add-ticket" element={<SubmitTicketForm />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { route: '/add-ticket' },
  );
}

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}\\s*\\*?$`));
const submitButton = () => screen.getByRole('button', { name: /^(Submit Ticket|Submitting\.\.\.)$/ });
const pune = () => screen.findByRole('option', { name: 'Pune' });

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  act(() => notifications.clean());
  jest.restoreAllMocks();
  jest.useRealTimers();
  authStore.getState().signOut();
});

/** Puts `text` into a field in one change, as a paste or the phone's autofill does. */
async function fill(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  await user.click(field(label));
  await user.paste(text);
}

/** Fills every field with valid values (city Pune, committee Legal). */
async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await pune();
  await fill(user, 'Full Name', 'Ravi Kumar');
  await fill(user, 'Mobile No', '9876543210');
  await fill(user, 'Email', 'ravi@example.com');
  await user.selectOptions(field('City'), 'Pune');
  await user.selectOptions(field('Committee'), 'Legal');
  await fill(user, 'Detailed Description', 'The lift in block B is broken');
  await screen.findByDisplayValue('Asha Pune');
}

describe('the form (docs/product.md#submit-form)', () => {
  test('title, every field, the placeholders, no file, the footer and Submit Ticket', async () => {
    serveLists();
    renderForm();
    expect(screen.getByRole('heading', { level: 1, name: 'Submit Helpdesk Ticket' })).toBeInTheDocument();
    for (const label of ['Full Name', 'Mobile No', 'Email', 'City', 'Committee', 'Detailed Description']) {
      expect(field(label)).toBeRequired();
    }
    expect(field('City President')).toHaveAttribute('readonly');
    expect(field('City President')).toHaveValue('');
    expect(await pune()).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Which committee is your query for?' })).toBeDisabled();
    expect(screen.getByRole('option', { name: 'Legal' })).toBeInTheDocument();
    expect(screen.getByLabelText('Attachment')).toHaveAttribute('type', 'file');
    expect(screen.getByLabelText('Attachment')).toHaveAttribute('accept', '.pdf,.doc,.docx,.jpg,.jpeg,.png');
    expect(screen.getByText('PDF, DOC, DOCX, JPG, JPEG, PNG (max 20MB)')).toBeInTheDocument();
    expect(screen.getByText('No file selected')).toBeInTheDocument();
    expect(screen.getByText('0 / 500 words')).toBeInTheDocument();
    // The opt-in for SMS/WhatsApp updates: not ticked, with its one-line consent text.
    const optIn = screen.getByRole('checkbox', { name: 'Send me updates by SMS and WhatsApp' });
    expect(optIn).not.toBeChecked();
    expect(optIn).toHaveAccessibleDescription(
      'I agree to receive messages about this ticket on the mobile number above.',
    );
    expect(
      screen.getByText('By submitting this ticket, you agree to our privacy policy and terms of service.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Helpline: +91 XXXXX XXXXX')).toBeInTheDocument();
    expect(submitButton()).toHaveTextContent('Submit Ticket');
    expect(submitButton()).toBeEnabled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  test('the privacy notice: short, the whole behind its version, the grievance officer on it and in the footer', async () => {
    serveLists();
    renderForm();
    const notice = await screen.findByRole('region', { name: 'Your personal data' });
    expect(notice).toHaveTextContent(/only to handle it, and keep them until three years after it is closed/);
    const whole = within(notice).getByText('Read the whole privacy notice (version 3)');
    expect(whole.tagName).toBe('SUMMARY');
    expect(within(notice).getByText('What we keep: your name and email.')).toBeInTheDocument();
    const officer = 'Grievance Officer: Meera Joshi, grievance@example.org, +91 20 1111 2222';
    expect(screen.getAllByText(officer)).toHaveLength(2);
  });
});

describe('validation (docs/product.md#validation), with the exact messages', () => {
  test('an empty form: every field message, the city-and-committee toast, nothing sent', async () => {
    const { submits } = serveLists();
    const user = userEvent.setup({ delay: null });
    renderForm();
    await pune();
    await user.click(submitButton());
    for (const message of [
      'Full name is required',
      'Mobile number is required',
      'Please provide a valid email address.',
      'Please select a city.',
      'Please select a committee.',
      'Description is required',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(await screen.findByText('Please select both a city and a committee')).toBeInTheDocument();
    expect(submits.opened()).toBe(0);
    expect(field('Full Name')).toHaveFocus();
    expect(field('Full Name')).toHaveAttribute('aria-invalid', 'true');
    // A name error shows: the button is disabled until it is fixed.
    expect(submitButton()).toBeDisabled();
  });

  test('full name: required, and no digits', async () => {
    serveLists();
    const user = userEvent.setup({ delay: null });
    renderForm();
    await user.type(field('Full Name'), 'Ravi 2');
    expect(screen.getByText('Full name should not contain numbers')).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    await user.type(field('Full Name'), '{Backspace}{Backspace}');
    expect(screen.queryByText('Full name should not contain numbers')).not.toBeInTheDocument();
    expect(submitButton()).toBeEnabled();
    await user.clear(field('Full Name'));
    expect(screen.getByText('Full name is required')).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
  });

  test('mobile: only digits can be typed, at most 10, and exactly 10 are needed', async () => {
    serveLists();
    const user = userEvent.setup({ delay: null });
    renderForm();
    expect(field('Mobile No')).toHaveAttribute('inputmode', 'numeric');
    await user.type(field('Mobile No'), '98a7-6 5');
    expect(field('Mobile No')).toHaveValue('98765');
    expect(screen.getByText('Mobile number must be 10 digits')).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    await user.clear(field('Mobile No'));
    expect(screen.getByText('Mobile number is required')).toBeInTheDocument();
    await user.click(field('Mobile No'));
    await user.paste('98765 43210');
    expect(field('Mobile No')).toHaveValue('9876543210');
    await user.type(field('Mobile No'), '12');
    expect(field('Mobile No')).toHaveValue('9876543210');
    expect(screen.queryByText(/^Mobile number/)).not.toBeInTheDocument();
    expect(submitButton()).toBeEnabled();
  });

  test('email: a wrong format shows on leaving the field and clears once corrected', async () => {
    serveLists();
    const user = userEvent.setup({ delay: null });
    renderForm();
    await user.type(field('Email'), 'ravi@');
    expect(screen.queryByText('Please provide a valid email address.')).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByText('Please provide a valid email address.')).toBeInTheDocument();
    // An email error does not disable the button (docs/product.md#validation: only name, mobile, description).
    expect(submitButton()).toBeEnabled();
    await user.type(field('Email'), 'example.com');
    expect(screen.queryByText('Please provide a valid email address.')).not.toBeInTheDocument();
  });

  test('description: a live word count, at most 500 words', async () => {
    serveLists();
    const user = userEvent.setup({ delay: null });
    renderForm();
    await user.type(field('Detailed Description'), 'Lift  broken\nin block B');
    expect(screen.getByText('5 / 500 words')).toBeInTheDocument();
    await user.clear(field('Detailed Description'));
    expect(screen.getByText('0 / 500 words')).toBeInTheDocument();
    expect(screen.getByText('Description is required')).toBeInTheDocument();
    await user.click(field('Detailed Description'));
    await user.paste(Array.from({ length: 501 }, (_, i) => `w${i}`).join(' '));
    expect(screen.getByText('501 / 500 words')).toBeInTheDocument();
    expect(screen.getByText('Description should not exceed 500 words')).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    await user.type(field('Detailed Description'), '{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}');
    expect(screen.getByText('500 / 500 words')).toBeInTheDocument();
    expect(submitButton()).toBeEnabled();
  });

  test.each([
    ['city', 'Committee', 'Legal', 'Please select a city.'],
    ['committee', 'City', 'Pune', 'Please select a committee.'],
  ])('only the %s missing: its message and the toast', async (_missing, chosen, option, message) => {
    const { submits } = serveLists();
    const user = userEvent.setup({ delay: null });
    renderForm();
    await pune();
    await fill(user, 'Full Name', 'Ravi');
    await fill(user, 'Mobile No', '9876543210');
    await fill(user, 'Email', 'ravi@example.com');
    await fill(user, 'Detailed Description', 'Broken lift');
    await user.selectOptions(field(chosen), option);
    await user.click(submitButton());
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(await screen.findByText('Please select both a city and a committee')).toBeInTheDocument();
    expect(submits.opened()).toBe(0);
    // The toast is red and titled Error.
    const toast = screen.getByText('Please select both a city and a committee').closest('[role="alert"]');
    expect(toast).not.toBeNull();
    expect(within(toast as HTMLElement).getByText('Error')).toBeInTheDocument();
  });
});

describe('the City President field (docs/product.md#ticket-states)', () => {
  test("'Loading...' while fetching, then the name; another city is looked up again", async () => {
    const pending = deferred<Response>();
    const mumbai = deferred<Response>();
    const api = serveLists({
      'GET /api/auth/city-president/1': () => pending.promise,
      'GET /api/auth/city-president/2': () => mumbai.promise,
    });
    const user = userEvent.setup({ delay: null });
    renderForm();
    await pune();
    expect(api.paths()).not.toContain('GET /api/auth/city-president/1');
    await user.selectOptions(field('City'), 'Pune');
    expect(field('City President')).toHaveValue('Loading...');
    await act(async () => pending.resolve(json({ data: { fullName: 'Asha Pune' } })));
    expect(await screen.findByDisplayValue('Asha Pune')).toBe(field('City President'));
    await user.selectOptions(field('City'), 'Mumbai');
    expect(field('City President')).toHaveValue('Loading...');
    await act(async () => mumbai.resolve(json({ error: 'No city president found for this city' }, 404)));
    expect(await screen.findByDisplayValue('Not assigned')).toBe(field('City President'));
    expect(api.paths()).toEqual(
      expect.arrayContaining(['GET /api/auth/city-president/1', 'GET /api/auth/city-president/2']),
    );
  });

  test.each<[string, string, Answer]>([
    [
      'a 404 (the city has none)',
      'Not assigned',
      json({ error: 'No city president found for this city' }, 404),
    ],
    ['data null', 'Not assigned', { data: null }],
    ['a server error', 'Not available', json({ error: 'Internal server error' }, 500)],
    ['no answer', 'Not available', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('%s → %s', async (_case, shown, answer) => {
    serveLists({ 'GET /api/auth/city-president/1': answer });
    const user = userEvent.setup({ delay: null });
    renderForm();
    await user.selectOptions(field('City'), await pune());
    expect(await screen.findByDisplayValue(shown)).toBe(field('City President'));
  });

  test('a city the page named a president for shows that name at once; the lookup still runs and has the last word (ADR 0081)', async () => {
    keepServedPresidents(new Map([['1', 'Asha Pune (served)']]));
    try {
      const pending = deferred<Response>();
      const api = serveLists({ 'GET /api/auth/city-president/1': () => pending.promise });
      const user = userEvent.setup({ delay: null });
      renderForm();
      await user.selectOptions(field('City'), await pune());
      expect(field('City President')).toHaveValue('Asha Pune (served)');
      expect(field('City President')).toHaveAttribute('aria-busy', 'false');
      await waitFor(() => expect(api.paths()).toContain('GET /api/auth/city-president/1'));
      await act(async () => pending.resolve(json({ data: { fullName: 'Asha Pune' } })));
      expect(await screen.findByDisplayValue('Asha Pune')).toBe(field('City President'));
      // A city the page named nobody for: looked up as ever.
      await user.selectOptions(field('City'), 'Mumbai');
      expect(await screen.findByDisplayValue('Not assigned')).toBe(field('City President'));
    } finally {
      keepServedPresidents(new Map());
    }
  });

  test('a president named by the page but gone by the lookup: the lookup wins', async () => {
    keepServedPresidents(new Map([['1', 'Asha Pune (served)']]));
    try {
      serveLists({
        'GET /api/auth/city-president/1': json({ error: 'No city president found for this city' }, 404),
      });
      const user = userEvent.setup({ delay: null });
      renderForm();
      await user.selectOptions(field('City'), await pune());
      expect(await screen.findByDisplayValue('Not assigned')).toBe(field('City President'));
    } finally {
      keepServedPresidents(new Map());
    }
  });

  test('an answer for a city no longer chosen is dropped', async () => {
    const slow = deferred<Response>();
    serveLists({ 'GET /api/auth/city-president/1': () => slow.promise });
    const user = userEvent.setup({ delay: null });
    renderForm();
    await user.selectOptions(field('City'), await pune());
    await user.selectOptions(field('City'), 'Mumbai');
    expect(await screen.findByDisplayValue('Not assigned')).toBe(field('City President'));
    await act(async () => slow.resolve(json({ data: { fullName: 'Asha Pune' } })));
    expect(field('City President')).toHaveValue('Not assigned');
  });
});

describe('cities and committees that fail to load (docs/product.md#submit-form, docs/product.md#errors)', () => {
  test('a failed call and an unusable answer: the warnings, Retry Loading loads them again', async () => {
    let fail = true;
    serveLists({
      'GET /api/cities/getAllCities': () =>
        fail ? json({ error: 'Internal server error' }, 500) : json(CITIES),
      'GET /api/committees/getAllCommittees': () => (fail ? json({ committees: 'none' }) : json(COMMITTEES)),
    });
    const user = userEvent.setup({ delay: null });
    renderForm();
    const banner = await screen.findByRole('status');
    expect(
      await within(banner).findByText('Using default city list. Failed to load from server.'),
    ).toBeVisible();
    expect(
      await within(banner).findByText('Using default committee list. API data unavailable.'),
    ).toBeVisible();
    expect(screen.queryByRole('option', { name: 'Pune' })).not.toBeInTheDocument();
    fail = false;
    await user.click(within(banner).getByRole('button', { name: 'Retry Loading' }));
    expect(await pune()).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.getByRole('option', { name: 'Legal' })).toBeInTheDocument();
  });

  test('the default list is the last list this device loaded; an empty list counts as unavailable', async () => {
    localStorage.setItem(
      FORM_OPTIONS_STORAGE_KEY,
      JSON.stringify({ cities: [{ id: 4, name: 'Nagpur' }], committees: [{ id: 7, name: 'Legal' }] }),
    );
    serveLists({
      'GET /api/cities/getAllCities': () => Promise.reject(new TypeError('Failed to fetch')),
      'GET /api/committees/getAllCommittees': { committees: [] },
    });
    renderForm();
    // Shown at once, before any answer.
    expect(screen.getByRole('option', { name: 'Nagpur' })).toBeInTheDocument();
    const banner = await screen.findByRole('status');
    expect(
      await within(banner).findByText('Using default city list. Failed to load from server.'),
    ).toBeVisible();
    expect(
      await within(banner).findByText('Using default committee list. API data unavailable.'),
    ).toBeVisible();
    expect(screen.getByRole('option', { name: 'Nagpur' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Legal' })).toBeInTheDocument();
  });

  test('loaded lists are remembered as the next default', async () => {
    serveLists();
    renderForm();
    await pune();
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(FORM_OPTIONS_STORAGE_KEY) ?? '{}')).toEqual({
        cities: CITIES.cities,
        committees: COMMITTEES.committees,
      }),
    );
  });
});

describe('the attachment (docs/product.md#validation)', () => {
  test('a chosen file shows with Remove; Remove clears it', async () => {
    serveLists();
    const user = userEvent.setup({ delay: null });
    renderForm();
    await user.upload(screen.getByLabelText('Attachment'), fileOf('scan.pdf', 2048));
    expect(screen.getByText('Selected file: scan.pdf (2 KB)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove scan.pdf' }));
    expect(screen.getByText('No file selected')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
  });

  test('over 20MB: the error toast with the size, and the file is cleared', async () => {
    serveLists();
    const user = userEvent.setup({ delay: null });
    renderForm();
    await user.upload(screen.getByLabelText('Attachment'), fileOf('small.pdf', 1000));
    await user.upload(screen.getByLabelText('Attachment'), fileOf('huge.pdf', 21 * 1024 * 1024 + 5000));
    expect(
      await screen.findByText('File size (21.00 MB) exceeds the maximum limit of 20MB'),
    ).toBeInTheDocument();
    expect(screen.getByText('No file selected')).toBeInTheDocument();
  });

  test('exactly 20MB is accepted; another type is refused with a toast', async () => {
    serveLists();
    const user = userEvent.setup({ delay: null, applyAccept: false });
    renderForm();
    await user.upload(
      screen.getByLabelText('Attachment'),
      fileOf('photo.JPEG', 20 * 1024 * 1024, 'image/jpeg'),
    );
    expect(screen.getByText('Selected file: photo.JPEG (20.00 MB)')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Attachment'), fileOf('run.exe', 10, 'application/octet-stream'));
    expect(
      await screen.findByText('Only PDF, DOC, DOCX, JPG, JPEG and PNG files are allowed'),
    ).toBeInTheDocument();
    expect(screen.getByText('No file selected')).toBeInTheDocument();
  });
});

describe('submit (docs/product.md#submit-flow, docs/architecture.md#security-decisions)', () => {
  beforeEach(() => {
    // docs/product.md#errors: the details of a refused submit are logged only.
    jest.spyOn(console, 'error').mockImplementation(() => {});
  });

  test('sends the multipart form with an Idempotency-Key; busy with upload progress; success toast; shareUrl after 2 s', async () => {
    jest.useFakeTimers();
    const { submits } = serveLists();
    const user = userEvent.setup({ delay: null, advanceTimers: jest.advanceTimersByTime });
    renderForm();
    await fillValidForm(user);
    await user.upload(screen.getByLabelText('Attachment'), fileOf('scan.pdf', 4096));
    // Against whom (ADR 0048, ADR 0049): the firm, and the shield box ticked.
    await user.type(screen.getByLabelText('Complaint against (firm or person)'), 'Acme Builders');
    await user.click(screen.getByLabelText('Keep my identity from the chapter'));
    await user.click(submitButton());

    const sent = await submits.arrived();
    expect(sent.headers.get('Idempotency-Key')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sent.headers.get('Authorization')).toBeNull();
    expect(sent.fields).toEqual({
      fullName: 'Ravi Kumar',
      cityId: '1',
      city: 'Pune',
      cityPresident: 'Asha Pune',
      mobile: '9876543210',
      committeeId: '7',
      committee: 'Legal',
      email: 'ravi@example.com',
      description: 'The lift in block B is broken',
      phoneUpdates: '',
      againstName: 'Acme Builders',
      concernsOfficeBearer: '',
      shieldIdentity: 'true',
      noticeVersion: '3',
      // The page's language: the member's emails are written in it (issue 20).
      language: 'en',
    });
    expect(sent.attachment?.name).toBe('scan.pdf');

    expect(submitButton()).toHaveTextContent('Submitting...');
    expect(submitButton()).toBeDisabled();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    act(() => submits.progress(1638, 4096));
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(screen.getByText('Uploading attachment: 40%')).toBeInTheDocument();

    act(() => submits.respond(201, ANSWER));
    const toast = (await screen.findByText('Your ticket has been submitted successfully!')).closest(
      '[role="alert"]',
    );
    expect(within(toast as HTMLElement).getByText('Success')).toBeInTheDocument();
    // No member key comes with the answer (ADR 0030: it goes by email), so none is remembered.
    expect(memberKeyFor(3)).toBeNull();
    expect(localStorage.getItem(MEMBER_KEYS_STORAGE_KEY)).toBeNull();

    act(() => jest.advanceTimersByTime(1900));
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(100));
    expect(screen.getByTestId('location')).toHaveTextContent(`/ticket-detail/9#key=${TICKET_KEY}`);
  });

  test('the SMS/WhatsApp opt-in ticked goes with the submit; unticked again, it does not', async () => {
    const { submits } = serveLists();
    const user = userEvent.setup({ delay: null });
    renderForm();
    await fillValidForm(user);
    const optIn = screen.getByRole('checkbox', { name: 'Send me updates by SMS and WhatsApp' });
    await user.click(optIn);
    expect(optIn).toBeChecked();
    await user.click(submitButton());
    expect((await submits.arrived()).fields.phoneUpdates).toBe('true');
    act(() => submits.fail());
    await screen.findAllByText('No response from server. Please check your internet connection.');
    expect(optIn).toBeChecked();
    // Another answer to the question is another submit, with a key of its own.
    await user.click(optIn);
    await user.click(submitButton());
    const second = await submits.arrived(2);
    expect(second.fields.phoneUpdates).toBe('');
    expect(second.headers.get('Idempotency-Key')).not.toBe(submits.sent[0]?.headers.get('Idempotency-Key'));
  });

  test('toasts auto-hide after 4 seconds', async () => {
    jest.useFakeTimers();
    serveLists();
    const user = userEvent.setup({ delay: null, advanceTimers: jest.advanceTimersByTime });
    renderForm();
    await pune();
    await user.click(submitButton());
    expect(await screen.findByText('Please select both a city and a committee')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(3500));
    expect(screen.getByText('Please select both a city and a committee')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1500));
    await waitFor(() =>
      expect(screen.queryByText('Please select both a city and a committee')).not.toBeInTheDocument(),
    );
  });

  test("only a userId back: the member's tickets", async () => {
    jest.useFakeTimers();
    const { submits } = serveLists();
    const user = userEvent.setup({ delay: null, advanceTimers: jest.advanceTimersByTime });
    renderForm();
    await fillValidForm(user);
    await user.click(submitButton());
    await submits.arrived();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    act(() => submits.respond(200, { success: true, userId: 3 }));
    await screen.findByText('Your ticket has been submitted successfully!');
    act(() => jest.advanceTimersByTime(2000));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/tickets\/Mw$/);
  });

  test('neither a ticket nor a user back: the error, and the form as it was', async () => {
    const { submits } = serveLists();
    const user = userEvent.setup({ delay: null });
    renderForm();
    await fillValidForm(user);
    await user.click(submitButton());
    await submits.arrived();
    act(() => submits.respond(200, { success: true }));
    const message = 'Could not determine ticket ID from server response.';
    expect(await screen.findAllByText(message)).toHaveLength(2); // banner and toast
    expect(field('Full Name')).toHaveValue('Ravi Kumar');
    expect(submitButton()).toHaveTextContent('Submit Ticket');
    expect(submitButton()).toBeEnabled();
  });

  type Submits = ReturnType<typeof holdSubmits>;
  test.each<[string, (submits: Submits) => void, string]>([
    [
      "the server's error text",
      (submits) => submits.respond(400, { error: 'Committee not found' }),
      'Committee not found',
    ],
    [
      'an error without text',
      (submits) => submits.respond(500, '<html>Bad gateway</html>'),
      'An error occurred while submitting your ticket. Please try again.',
    ],
    [
      'an answer without success',
      (submits) => submits.respond(200, { success: false }),
      'An error occurred while submitting your ticket. Please try again.',
    ],
    [
      'no answer at all',
      (submits) => submits.fail(),
      'No response from server. Please check your internet connection.',
    ],
    [
      'an answer that is not JSON',
      (submits) => submits.respond(200, 'OK'),
      'Invalid response format from server',
    ],
  ])('%s: banner and toast, nothing typed lost, same key on retry', async (_case, answer, message) => {
    const { submits } = serveLists();
    const user = userEvent.setup({ delay: null });
    renderForm();
    await fillValidForm(user);
    await user.upload(screen.getByLabelText('Attachment'), fileOf('scan.pdf', 4096));
    await user.click(submitButton());
    const first = await submits.arrived();
    act(() => answer(submits));
    expect(await screen.findAllByText(message)).toHaveLength(2);
    expect(screen.getAllByText(message)[0]?.closest('[role="alert"]')).not.toBeNull();
    expect(field('Full Name')).toHaveValue('Ravi Kumar');
    expect(field('Mobile No')).toHaveValue('9876543210');
    expect(field('Email')).toHaveValue('ravi@example.com');
    expect(field('City')).toHaveValue('1');
    expect(field('Committee')).toHaveValue('7');
    expect(field('Detailed Description')).toHaveValue('The lift in block B is broken');
    expect(screen.getByText('Selected file: scan.pdf (4 KB)')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(submitButton()).toBeEnabled();

    // A retry of the same form is the same submit: the server makes one ticket.
    await user.click(submitButton());
    const retry = await submits.arrived(2);
    expect(retry.headers.get('Idempotency-Key')).toBe(first.headers.get('Idempotency-Key'));
  });

  test('a retry after the president lookup changed resends exactly the first request', async () => {
    let presidentAnswer: Answer = { data: { fullName: 'Asha Pune' } };
    const { submits } = serveLists({
      'GET /api/auth/city-president/1': () =>
        presidentAnswer instanceof Response ? presidentAnswer.clone() : json(presidentAnswer),
    });
    const user = userEvent.setup({ delay: null });
    renderForm();
    await fillValidForm(user);
    await user.click(submitButton());
    const first = await submits.arrived();
    act(() => submits.fail());
    await screen.findAllByText('No response from server. Please check your internet connection.');
    // The city is chosen again and its president cannot be looked up this time.
    presidentAnswer = json({ error: 'Internal server error' }, 500);
    await user.selectOptions(field('City'), 'Mumbai');
    await user.selectOptions(field('City'), 'Pune');
    expect(await screen.findByDisplayValue('Not available')).toBe(field('City President'));
    await user.click(submitButton());
    const retry = await submits.arrived(2);
    expect(retry.headers.get('Idempotency-Key')).toBe(first.headers.get('Idempotency-Key'));
    expect(retry.fields).toEqual(first.fields);
    expect(retry.fields.cityPresident).toBe('Asha Pune');
  });

  test('a changed form after an error is another submit, with a key of its own', async () => {
    const { submits } = serveLists();
    const user = userEvent.setup({ delay: null });
    renderForm();
    await fillValidForm(user);
    await user.click(submitButton());
    const first = await submits.arrived();
    act(() =>
      submits.respond(400, {
        error: 'Invalid request body',
        details: [{ path: 'mobile', message: 'Mobile number must be 10 digits' }],
      }),
    );
    // A field problem of the server shows at its field; the details are logged.
    expect(await screen.findByText('Mobile number must be 10 digits')).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith('Ticket submit failed', 400, [
      { path: 'mobile', message: 'Mobile number must be 10 digits' },
    ]);
    await user.clear(field('Mobile No'));
    await user.type(field('Mobile No'), '9123456789');
    await user.click(submitButton());
    const changed = await submits.arrived(2);
    expect(changed.headers.get('Idempotency-Key')).not.toBe(first.headers.get('Idempotency-Key'));
  });

  test('a double click sends one submit', async () => {
    const { submits } = serveLists();
    const user = userEvent.setup({ delay: null });
    renderForm();
    await fillValidForm(user);
    await user.dblClick(submitButton());
    await user.click(submitButton());
    await submits.arrived();
    expect(submits.opened()).toBe(1);
  });

  test('a signed-in user sends the bearer token; a 401 ends that session and keeps the form', async () => {
    authStore.getState().signIn('tok', { id: 5, name: 'Gita', email: 'g@x.co', role: 'governor' });
    const { submits } = serveLists();
    const user = userEvent.setup({ delay: null });
    renderForm();
    await fillValidForm(user);
    await user.click(submitButton());
    expect((await submits.arrived()).headers.get('Authorization')).toBe('Bearer tok');
    act(() => submits.respond(401, { error: 'Your session has expired' }));
    expect(await screen.findAllByText('Your session has expired')).toHaveLength(2);
    expect(authStore.getState().token).toBeNull();
    expect(field('Full Name')).toHaveValue('Ravi Kumar');
  });

  test('leaving the page aborts the upload in flight', async () => {
    const { submits } = serveLists();
    const user = userEvent.setup({ delay: null });
    const view = renderForm();
    await fillValidForm(user);
    await user.upload(screen.getByLabelText('Attachment'), fileOf('scan.pdf', 4096));
    await user.click(submitButton());
    await submits.arrived();
    act(() => submits.progress(1638, 4096));
    expect(screen.getByText('Uploading attachment: 40%')).toBeInTheDocument();
    expect(submits.aborted()).toBe(false);
    view.unmount();
    expect(submits.aborted()).toBe(true);
    // msw still holds the request (it does not see an XHR's abort): let it go.
    submits.respond(201, ANSWER);
  });
});

describe('the project typeahead (ADR 0055)', () => {
  const SAHYADRI = {
    id: 12,
    reraNumber: 'P52100012345',
    name: 'Sahyadri Heights',
    promoter: 'Sahyadri Developers',
    city: 'Pune',
  };
  const SAHYADRI_PARK = { ...SAHYADRI, id: 13, reraNumber: 'P52100054321', name: 'Sahyadri Park' };

  /** The lists, and GET /projects answering `answer` (every query the box sent is kept). */
  function serveProjects(answer: unknown = { projects: [SAHYADRI, SAHYADRI_PARK] }) {
    const asked: string[] = [];
    const served = serveLists({
      'GET /api/projects': (request: Request) => {
        asked.push(new URL(request.url).searchParams.get('q') ?? '');
        return typeof answer === 'function' ? (answer as () => Response)() : json(answer);
      },
    });
    return { ...served, asked };
  }
  const box = () => screen.getByRole('combobox', { name: 'Project' });

  test('words find the register’s projects; arrows and Enter pick one; the submit carries its id, not the words', async () => {
    const { submits, asked } = serveProjects();
    const user = userEvent.setup({ delay: null });
    renderForm();
    await fillValidForm(user);
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(box()).toHaveAccessibleDescription('Optional. As on the MahaRERA certificate, e.g. P52100012345.');
    await user.type(box(), 'sahy');
    const list = await screen.findByRole('listbox', { name: 'Project' });
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(asked).toEqual(['sahy']);
    const options = within(list).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Sahyadri HeightsP52100012345 · Sahyadri Developers · Pune',
      'Sahyadri ParkP52100054321 · Sahyadri Developers · Pune',
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('2 projects found');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    expect(box()).toHaveAttribute('aria-activedescendant', options[0]?.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(box()).toHaveValue('Sahyadri Heights (P52100012345)');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    // Enter picked: nothing was sent.
    expect(submits.opened()).toBe(0);
    await user.click(submitButton());
    const sent = await submits.arrived();
    expect(sent.fields).toMatchObject({ projectId: '12', reraNumber: '' });
  });

  test('a click picks; Escape closes the list; typing again drops the pick', async () => {
    const { submits } = serveProjects();
    const user = userEvent.setup({ delay: null });
    renderForm();
    await fillValidForm(user);
    await user.type(box(), 'park');
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{Escape}');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowDown}');
    const list = await screen.findByRole('listbox', { name: 'Project' });
    await user.click(within(list).getByRole('option', { name: /Sahyadri Park/ }));
    expect(box()).toHaveValue('Sahyadri Park (P52100054321)');
    await user.type(box(), '{Backspace}');
    await user.click(submitButton());
    // Text left unpicked that is no RERA number (the name changed): a pick is asked for.
    expect(await screen.findByText('Please choose a project from the list.')).toBeInTheDocument();
    expect(box()).toHaveFocus();
    expect(submits.opened()).toBe(0);
  });

  test('a RERA number typed in full without a pick goes as the number, as the form without scripts sends it', async () => {
    const { submits } = serveProjects({ projects: [] });
    const user = userEvent.setup({ delay: null });
    renderForm();
    await fillValidForm(user);
    await user.type(box(), 'p5210009999 9');
    expect(await screen.findByText('No project found')).toBeInTheDocument();
    await user.click(submitButton());
    const sent = await submits.arrived();
    expect(sent.fields).toMatchObject({ projectId: '', reraNumber: 'p5210009999 9' });
    // The api knows no such number: its refusal shows beside the box.
    act(() =>
      submits.respond(400, {
        error: 'Project not found',
        details: [{ path: 'reraNumber', message: 'Project not found' }],
      }),
    );
    expect(await screen.findByText('Project not found', { selector: 'p' })).toBeInTheDocument();
    expect(box()).toHaveAttribute('aria-invalid', 'true');
  });

  test('a search that fails says the number can be typed in full; one letter asks nothing', async () => {
    const { asked } = serveProjects(() => json({ error: 'Service unavailable' }, 503));
    const user = userEvent.setup({ delay: null });
    renderForm();
    await user.type(box(), 's');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await user.type(box(), 'a');
    expect(
      await screen.findByText('The projects could not be looked up. You can type the RERA number in full.'),
    ).toBeInTheDocument();
    expect(asked).toEqual(['sa']);
    expect(box()).toHaveAttribute('aria-expanded', 'false');
  });
});
