/**
 * The project register as the staff screens read it (ADR 0055): the typeahead that finds a
 * project by its name, promoter or RERA number, and one project's page (its tickets by status
 * within what the user may see). The list's project filter and the project page both use them.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  API_PATHS,
  apiRequest,
  pathFor,
  projectDetailResponseSchema,
  projectsResponseSchema,
} from 'shared-contracts';

/** The shortest text the typeahead asks the api about. */
export const PROJECT_SEARCH_MIN = 2;

export const projectKeys = {
  all: ['projects'] as const,
  search: (q: string) => [...projectKeys.all, 'search', q] as const,
  detail: (id: number) => [...projectKeys.all, 'detail', id] as const,
};

/** GET /projects?q=: at most 10 projects whose name or promoter has the words, or whose number starts so. */
export const projectSearchQuery = (q: string) =>
  queryOptions({
    queryKey: projectKeys.search(q),
    queryFn: ({ signal }) =>
      apiRequest('get', API_PATHS.projects.search, projectsResponseSchema, {
        searchParams: { q },
        signal,
      }).then((answer) => answer.projects),
    staleTime: 60_000,
  });

/** GET /projects/{id}: the project, its tickets by status, open, overdue and the oldest open one. */
export const projectDetailQuery = (id: number) =>
  queryOptions({
    queryKey: projectKeys.detail(id),
    queryFn: ({ signal }) =>
      apiRequest('get', pathFor(API_PATHS.projects.byId, { id }), projectDetailResponseSchema, { signal }),
  });
