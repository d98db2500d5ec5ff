import { REMOTE_ROUTES } from './remoteRoutes';
import { LINK_KEY_NAME, SITE_ROUTES, STAFF_TICKET_PARAM, sitePaths } from './sitePaths';

describe('sitePaths', () => {
  it('writes the links the api sends, from the patterns the shell mounts', () => {
    expect(sitePaths.ticketDetail(42, 'abc_-1')).toBe('/ticket-detail/42#key=abc_-1');
    expect(sitePaths.ticketDetail(42)).toBe('/ticket-detail/42');
    expect(sitePaths.memberTickets(7, 's3cret')).toBe('/tickets/7#key=s3cret');
    expect(sitePaths.memberTickets('MTA')).toBe('/tickets/MTA');
    expect(sitePaths.staffTicket(42)).toBe('/dashboard?ticket=42');
    expect([sitePaths.track, sitePaths.reports, sitePaths.addTicket]).toEqual([
      '/track',
      '/reports',
      '/add-ticket',
    ]);
    expect(new URLSearchParams(sitePaths.staffTicket(9).split('?')[1]).get(STAFF_TICKET_PARAM)).toBe('9');
    expect(new URLSearchParams(sitePaths.ticketDetail(1, 'k').split('#')[1]).get(LINK_KEY_NAME)).toBe('k');
  });

  it('names only pages some remote mounts', () => {
    const mounted = new Set<string>(Object.values(REMOTE_ROUTES).flat());
    for (const pattern of Object.values(SITE_ROUTES))
      expect({ pattern, mounted: mounted.has(pattern) }).toEqual({
        pattern,
        mounted: true,
      });
  });
});
