import type { TicketSubmitForm } from 'shared-contracts';
import { FakeXhr, installFakeXhr, lastXhr } from '../../../testing/api';
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
};

let restore: () => void;
beforeEach(() => {
  restore = installFakeXhr();
});
afterEach(() => {
  restore();
  jest.restoreAllMocks();
});

describe('submitTicketWithProgress', () => {
  test('POST /api/tickets/submit: every field a string, no file part without a file, JSON asked for', async () => {
    const sent = submitTicketWithProgress(FORM, null, { idempotencyKey: 'key-12345678' });
    const xhr = lastXhr();
    expect(xhr.fields()).toEqual(FORM);
    expect(xhr.body?.has('attachment')).toBe(false);
    expect(xhr.headers).toEqual({ 'Idempotency-Key': 'key-12345678', Accept: 'application/json' });
    xhr.respond(201, { success: true, ticketId: 9, userId: 3, shareUrl: '/ticket-detail/9#key=k', extra: 1 });
    await expect(sent).resolves.toEqual({
      success: true,
      ticketId: 9,
      userId: 3,
      shareUrl: '/ticket-detail/9#key=k',
    });
  });

  test('progress is reported only when its total is known', async () => {
    const progress = jest.fn();
    const sent = submitTicketWithProgress(FORM, new File(['x'], 'a.png'), {
      idempotencyKey: 'key-12345678',
      onProgress: progress,
    });
    const xhr = lastXhr();
    xhr.upload.onprogress?.({ lengthComputable: false, loaded: 5, total: 0 });
    xhr.progress(5, 10);
    expect(progress).toHaveBeenCalledTimes(1);
    expect(progress).toHaveBeenCalledWith({ loaded: 5, total: 10 });
    xhr.respond(200, { success: true, userId: 3 });
    await expect(sent).resolves.toEqual({ success: true, userId: 3 });
  });

  test('an answer with ids of the wrong type is an invalid answer', async () => {
    const sent = submitTicketWithProgress(FORM, null, { idempotencyKey: 'key-12345678' });
    lastXhr().respond(200, { success: true, ticketId: 'nine' });
    await expect(sent).rejects.toMatchObject({ status: 200, message: 'Invalid response format from server' });
  });

  test('timeout: no answer', async () => {
    const sent = submitTicketWithProgress(FORM, null, { idempotencyKey: 'key-12345678' });
    lastXhr().ontimeout?.();
    await expect(sent).rejects.toMatchObject({
      status: 0,
      message: 'No response from server. Please check your internet connection.',
    });
  });

  test('aborted by the signal, before or during the upload', async () => {
    const before = new AbortController();
    before.abort();
    await expect(
      submitTicketWithProgress(FORM, null, { idempotencyKey: 'key-12345678', signal: before.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.sent).toHaveLength(0);

    const during = new AbortController();
    const sent = submitTicketWithProgress(FORM, null, {
      idempotencyKey: 'key-12345678',
      signal: during.signal,
    });
    during.abort();
    await expect(sent).rejects.toMatchObject({ name: 'AbortError' });
    expect(lastXhr().aborted).toBe(true);
  });

  test("a request that cannot be built: 'Error setting up request'", async () => {
    jest.spyOn(FakeXhr.prototype, 'open').mockImplementation(() => {
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
