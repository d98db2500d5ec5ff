/**
 * The submit form's project typeahead (ADR 0055): GET /projects?q=, the public call that answers
 * a project's public facts only (number, name, promoter, city), at most 10, by a name's or a
 * promoter's words or the start of a RERA number.
 */
import { queryOptions } from '@tanstack/react-query';
import { API_PATHS, apiRequest, projectsResponseSchema } from 'shared-contracts';

/** The shortest text the typeahead asks the api about (as the staff's project filter). */
export const PROJECT_SEARCH_MIN = 2;
/** How long the typeahead waits for typing to pause before asking. */
export const PROJECT_SEARCH_DEBOUNCE_MS = 250;

export const projectSearchQuery = (q: string) =>
  queryOptions({
    queryKey: ['projects', 'search', q] as const,
    queryFn: ({ signal }) =>
      apiRequest('get', API_PATHS.projects.search, projectsResponseSchema, {
        searchParams: { q },
        signal,
      }).then((answer) => answer.projects),
    staleTime: 60_000,
  });
