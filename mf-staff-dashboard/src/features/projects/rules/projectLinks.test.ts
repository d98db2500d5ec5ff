import { SITE_ROUTES, STAFF_TICKET_PARAM } from 'shared-contracts';
import { PROJECT_LIST_PARAM, projectIdOf, projectListPath, ticketDialogPath } from './projectLinks';

describe('where the project page leads', () => {
  it('to the list filtered to the project, and to its overdue tickets', () => {
    expect(projectListPath(12)).toBe(`${SITE_ROUTES.dashboard}?${PROJECT_LIST_PARAM}=12`);
    const overdue = new URL(projectListPath(12, true), 'http://x');
    expect(overdue.pathname).toBe(SITE_ROUTES.dashboard);
    expect(overdue.searchParams.get(PROJECT_LIST_PARAM)).toBe('12');
    expect(overdue.searchParams.get('due')).toBe('overdue');
  });

  it('to one ticket’s details dialog', () => {
    expect(ticketDialogPath(7)).toBe(`${SITE_ROUTES.dashboard}?${STAFF_TICKET_PARAM}=7`);
  });
});

describe('the project a /projects/:id address names', () => {
  it('is the id when it is a positive whole number', () => {
    expect(projectIdOf('12')).toBe(12);
    expect(projectIdOf('999999999999999')).toBe(999_999_999_999_999);
  });

  it.each([undefined, '', 'abc', '0', '-1', '1e3', '1234567890123456'])('is none for %p', (value) => {
    expect(projectIdOf(value)).toBeNull();
  });
});
