import type { TicketSubmitForm } from 'shared-contracts';
import { holdSubmits } from '../../../testing/api';
import { submitTicketWithProgress } from './submitTicketWithProgress';

const FORM: TicketSubmitForm = {
  fullName: 'Ravi',
  cityId: '1',
  city: 'Pune',
  cityPresident: '',
  mobile: '9876543210',
  committeeId: '7',
  committee: 'Legal',
  email: 'ravi@example.com',
  description: 'Broken lift',
  phoneUpdates: 'true',
};

afterEach(() => {
  jest.restoreAllMocks();
});

describe('submitTicketWithProgress', () => {
  test('POST /api/tickets/submit: every field a string, no file part without a file, JSON asked for', async () => {
    const submits = holdSubmits();
    const sent = submitTicketWithProgress(FORM, null, { idempotencyKey: 'key-12345678' });
    const submit = await submits.arrived();
    expect(submit.fields).toEqual(FORM);
    expect(submit.attachment).toBeNull();
    expect(submit.headers.get('Idempotency-Key')).toBe('key-12345678');
    expect(submit.headers.get('Accept')).toBe('application/json');
    expect(submit.headers.get('Authorization')).toBeNull();
    submits.respond(201, {
      success: true,
      ticketId: 9,
      userId: 3,
      shareUrl: '/ticket-detail/9#key=k',
      extra: 1,
    });
    await expect(sent).resolves.toEqual({
      success: true,
      ticketId: 9,
      userId: 3,
      shareUrl: '/ticket-detail/9#key=k',
    });
  });

  test('progress: what the browser reports while the body goes, then all of it', async () => {
    const submits = holdSubmits();
    const progress = jest.fn();
    const sent = submitTicketWithProgress(FORM, new File(['%PDF-1.4 scan'], 'a.pdf'), {
      idempotencyKey: 'key-12345678',
      onProgress: progress,
    });
    const submit = await submits.arrived();
    expect(submit.attachment?.name).toBe('a.pdf');
    expect(await submit.attachment?.text()).toBe('%PDF-1.4 scan');
    submits.progress(5, 10);
    expect(progress).toHaveBeenCalledTimes(1);
    expect(progress).toHaveBeenLastCalledWith({ loaded: 5, total: 10 });
    submits.respond(200, { success: true, userId: 3 });
    await expect(sent).resolves.toEqual({ success: true, userId: 3 });
    // msw reports the whole body sent once the answer comes.
    const [last] = progress.mock.calls.at(-1) ?? [];
    expect(last.loaded).toBe(last.total);
    expect(last.total).toBeGreaterThan(0);
  });

  test('an answer with ids of the wrong type is an invalid answer', async () => {
    const submits = holdSubmits();
    const sent = submitTicketWithProgress(FORM, null, { idempotencyKey: 'key-12345678' });
    await submits.arrived();
    submits.respond(200, { success: true, ticketId: 'nine' });
    await expect(sent).rejects.toMatchObject({ status: 200, message: 'Invalid response format from server' });
  });

  test('no answer (the network failed)', async () => {
    const submits = holdSubmits();
    const sent = submitTicketWithProgress(FORM, null, { idempotencyKey: 'key-12345678' });
    await submits.arrived();
    submits.fail();
    await expect(sent).rejects.toMatchObject({
      status: 0,
      message: 'No response from server. Please check your internet connection.',
    });
  });

  test('aborted by the signal, before or during the upload; an answer after the abort is ignored', async () => {
    const submits = holdSubmits();
    const before = new AbortController();
    before.abort();
    await expect(
      submitTicketWithProgress(FORM, null, { idempotencyKey: 'key-12345678', signal: before.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(submits.aborted()).toBe(false);

    const during = new AbortController();
    const sent = submitTicketWithProgress(FORM, null, {
      idempotencyKey: 'key-12345678',
      signal: during.signal,
    });
    await submits.arrived();
    during.abort();
    await expect(sent).rejects.toMatchObject({ name: 'AbortError' });
    expect(submits.aborted()).toBe(true);
    submits.respond(201, { success: true, ticketId: 9, userId: 3, shareUrl: '/ticket-detail/9#key=k' });
    await expect(sent).rejects.toMatchObject({ name: 'AbortError' });
    expect(submits.sent).toHaveLength(1);
  });

  test("a request that cannot be built: 'Error setting up request'", async () => {
    jest.spyOn(XMLHttpRequest.prototype, 'open').mockImplementation(() => {
      throw new Error('bad');
    });
    await expect(
      submitTicketWithProgress(FORM, null, { idempotencyKey: 'key-12345678' }),
    ).rejects.toMatchObject({
      status: -1,
      message: 'Error setting up request',
    });
  });
});
