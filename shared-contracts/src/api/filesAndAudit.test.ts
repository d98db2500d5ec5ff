import { HttpResponse, http, json, server } from '../../testing/network';
import { exportAuditCsv, listAudit, rotateMemberKey, rotateShareKey } from './audit';
import { ApiError } from './errors';
import { replyFile, saveStoredFile, ticketFiles, viewStoredFile } from './files';

describe('the View button: viewStoredFile', () => {
  const originalOpen = window.open;
  afterEach(() => {
    window.open = originalOpen;
  });

  /** A tab as window.open gives it: its address and whether it was closed. */
  function fakeTab() {
    const tab = { opener: window as unknown, location: { href: '' }, close: jest.fn() };
    window.open = jest.fn(() => tab as unknown as Window);
    return tab;
  }

  it('opens a tab at once and points it at the server URL with a fresh view link, without an opener', async () => {
    server.use(
      http.post('*/api/files/view-link', async ({ request }) => {
        expect(await request.json()).toEqual({ url: '/uploads/attachments/a.pdf' });
        return json({ url: '/uploads/attachments/a.pdf?view=abc' });
      }),
    );
    const tab = fakeTab();
    await viewStoredFile('/uploads/attachments/a.pdf');
    expect(window.open).toHaveBeenCalledWith('', '_blank');
    expect(tab.location.href).toBe('/uploads/attachments/a.pdf?view=abc');
    expect(tab.opener).toBeNull();
    expect(tab.close).not.toHaveBeenCalled();
  });

  it('closes the tab and throws when the link is refused', async () => {
    server.use(http.post('*/api/files/view-link', () => json({ error: 'File not found', details: [] }, 404)));
    const tab = fakeTab();
    await expect(viewStoredFile('/uploads/attachments/gone.pdf')).rejects.toBeInstanceOf(ApiError);
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('');
  });
});

describe('the View button when the browser gives no tab (a popup blocker)', () => {
  const originalOpen = window.open;
  afterEach(() => {
    window.open = originalOpen;
  });

  it('still throws the refusal, with no tab to close', async () => {
    server.use(http.post('*/api/files/view-link', () => json({ error: 'File not found', details: [] }, 404)));
    window.open = jest.fn(() => null);
    await expect(viewStoredFile('/uploads/photos/gone.png')).rejects.toMatchObject({ status: 404 });
  });
});

describe('the audit trail export: exportAuditCsv', () => {
  it('asks for the CSV with the filters and gives it back as a file', async () => {
    let asked: URL | undefined;
    server.use(
      http.get('*/api/audit/export.csv', ({ request }) => {
        asked = new URL(request.url);
        return new HttpResponse('\uFEFFwhen,who\n', {
          headers: { 'content-type': 'text/csv; charset=utf-8' },
        });
      }),
    );
    const csv = await exportAuditCsv({ action: 'share_key.rotate', ticket: 42 });
    expect(asked?.searchParams.get('action')).toBe('share_key.rotate');
    expect(asked?.searchParams.get('ticket')).toBe('42');
    expect(await csv.text()).toContain('when,who');
  });

  it("turns the api's refusal into its error", async () => {
    server.use(
      http.get('*/api/audit/export.csv', () =>
        json({ error: 'Only admins may read the audit trail', details: [] }, 403),
      ),
    );
    const refusal = exportAuditCsv();
    await expect(refusal).rejects.toBeInstanceOf(ApiError);
    await expect(refusal).rejects.toMatchObject({ status: 403 });
  });
});

describe('the audit trail and the rotations of the private links', () => {
  it('reads a page of the trail, with no filter when none is given', async () => {
    let asked: URL | undefined;
    server.use(
      http.get('*/api/audit', ({ request }) => {
        asked = new URL(request.url);
        return json({
          entries: [
            {
              id: 1,
              at: '2026-11-25T10:30:00.000Z',
              actorUserId: 2,
              actorName: 'Asha Admin',
              actorRole: 'admin',
              actorKey: null,
              clientAddress: '203.0.113.7',
              action: 'ticket.read',
              targetType: 'ticket',
              targetId: 42,
              detail: null,
            },
          ],
          total: 1,
        });
      }),
    );
    const page = await listAudit();
    expect(asked?.search).toBe('');
    expect(page).toMatchObject({ total: 1, entries: [{ action: 'ticket.read', targetId: 42 }] });
  });

  it("rotates a ticket's share key and a member's key, each on its own path", async () => {
    const paths: string[] = [];
    server.use(
      http.post('*/api/tickets/:id/share-key', ({ request }) => {
        paths.push(new URL(request.url).pathname);
        return json({ shareUrl: '/ticket-detail/5#key=new', memberNotified: true });
      }),
      http.post('*/api/members/:id/key', ({ request }) => {
        paths.push(new URL(request.url).pathname);
        return json({ memberNotified: false }, 202);
      }),
    );
    expect(await rotateShareKey(5)).toEqual({ shareUrl: '/ticket-detail/5#key=new', memberNotified: true });
    expect(await rotateMemberKey(7)).toEqual({ memberNotified: false });
    expect(paths).toEqual(['/api/tickets/5/share-key', '/api/members/7/key']);
  });
});

describe('the files of a ticket: ticketFiles', () => {
  const record = {
    id: 7,
    kind: 'attachment' as const,
    fileName: 'plan.pdf',
    url: '/uploads/attachments/x.pdf',
    size: 2048,
  };

  it('lists the attachment records when there are any, keyed by kind and id', () => {
    expect(ticketFiles({ attachments: [record], attachmentPath: 'old.pdf', photoPath: null })).toEqual([
      { key: 'attachment-7', fileName: 'plan.pdf', url: '/uploads/attachments/x.pdf', size: 2048 },
    ]);
  });

  it('else the stored paths: a bare name under /uploads, a path as it is, named by its last segment', () => {
    expect(
      ticketFiles({ attachments: [], attachmentPath: 'scan 1.pdf', photoPath: '/uploads/photos/p.png' }),
    ).toEqual([
      { key: 'attachment', fileName: 'scan 1.pdf', url: '/uploads/attachments/scan%201.pdf' },
      { key: 'photo', fileName: 'p.png', url: '/uploads/photos/p.png' },
    ]);
    expect(ticketFiles({ attachments: null, attachmentPath: null, photoPath: 'dir/shot.jpg' })).toEqual([
      { key: 'photo', fileName: 'shot.jpg', url: '/uploads/photos/shot.jpg' },
    ]);
    expect(ticketFiles({})).toEqual([]);
  });

  it("a reply's file keeps its record's name, address and size", () => {
    expect(replyFile(record)).toEqual({
      key: 'reply-7',
      fileName: 'plan.pdf',
      url: '/uploads/attachments/x.pdf',
      size: 2048,
    });
  });
});

describe('the Download button: saveStoredFile', () => {
  const { createObjectURL, revokeObjectURL } = URL;
  afterEach(() => {
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
    jest.useRealTimers();
  });

  it("fetches the file with the page's key and saves it under its name, then frees the object URL", async () => {
    let key: string | null = null;
    server.use(
      http.get('*/uploads/attachments/x.pdf', ({ request }) => {
        key = request.headers.get('x-access-key');
        return new HttpResponse('%PDF-1.4', { headers: { 'content-type': 'application/pdf' } });
      }),
    );
    URL.createObjectURL = jest.fn(() => 'blob:saved');
    URL.revokeObjectURL = jest.fn();
    const clicked: HTMLAnchorElement[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      await saveStoredFile(
        { url: '/uploads/attachments/x.pdf', fileName: 'plan.pdf' },
        { accessKey: 'k'.repeat(43) },
      );
    } finally {
      click.mockRestore();
    }
    expect(key).toBe('k'.repeat(43));
    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.download).toBe('plan.pdf');
    expect(clicked[0]?.href).toBe('blob:saved');
    expect(clicked[0]?.isConnected).toBe(false);
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    jest.advanceTimersByTime(60_000);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:saved');
  });

  it('throws the refusal and saves nothing', async () => {
    server.use(
      http.get('*/uploads/attachments/gone.pdf', () => json({ error: 'File not found', details: [] }, 404)),
    );
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click');
    await expect(
      saveStoredFile({ url: '/uploads/attachments/gone.pdf', fileName: 'gone.pdf' }),
    ).rejects.toMatchObject({
      status: 404,
    });
    expect(click).not.toHaveBeenCalled();
    click.mockRestore();
  });
});
