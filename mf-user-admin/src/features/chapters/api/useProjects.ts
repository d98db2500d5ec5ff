/**
 * The admins' RERA project register (ADR 0055): a page of the register by name (GET
 * /projects/register), a project added (POST /projects) or changed (PUT /projects/{id}), and an
 * import from CSV text (POST /projects/import, `dryRun=true` first: what would be added, changed
 * or refused, line by line; then the same file for real, in one transaction).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API_PATHS,
  type ApiError,
  apiRequest,
  type ProjectImportResponse,
  type ProjectInput,
  type ProjectResponse,
  pathFor,
  projectImportResponseSchema,
  projectRegisterResponseSchema,
  projectResponseSchema,
} from 'shared-contracts';

export const registerKeys = {
  all: ['projects'] as const,
  register: (q: string, page: number) => [...registerKeys.all, 'register', q, page] as const,
};

/** GET /projects/register?q&page: a page of the register (20 by name), with the total. */
export function useProjectRegister(q: string, page: number) {
  return useQuery({
    queryKey: registerKeys.register(q, page),
    queryFn: ({ signal }) =>
      apiRequest('get', API_PATHS.projects.register, projectRegisterResponseSchema, {
        searchParams: q ? { q, page } : { page },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** POST /projects (no id) or PUT /projects/{id}: every project query is asked again after. */
export function useSaveProject() {
  const queryClient = useQueryClient();
  return useMutation<ProjectResponse, ApiError, { id: number | null; project: ProjectInput }>({
    mutationFn: ({ id, project }) =>
      id === null
        ? apiRequest('post', API_PATHS.projects.create, projectResponseSchema, { json: project })
        : apiRequest('put', pathFor(API_PATHS.projects.update, { id }), projectResponseSchema, {
            json: project,
          }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: registerKeys.all }),
  });
}

/** POST /projects/import?dryRun: the file's text as CSV; a real import invalidates the register. */
export function useImportProjects() {
  const queryClient = useQueryClient();
  return useMutation<ProjectImportResponse, ApiError, { csv: string; dryRun: boolean }>({
    mutationFn: ({ csv, dryRun }) =>
      apiRequest('post', API_PATHS.projects.import, projectImportResponseSchema, {
        searchParams: { dryRun: String(dryRun) },
        headers: { 'content-type': 'text/csv' },
        body: csv,
        // A large file takes the api a while: more than the client's usual 30 s.
        timeout: 120_000,
      }),
    onSuccess: (answer) => {
      if (!answer.dryRun) void queryClient.invalidateQueries({ queryKey: registerKeys.all });
    },
  });
}
