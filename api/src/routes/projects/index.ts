import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  idParamsSchema,
  projectDetailResponseSchema,
  projectImportQuerySchema,
  projectImportResponseSchema,
  projectInputSchema,
  projectRegisterQuerySchema,
  projectRegisterResponseSchema,
  projectResponseSchema,
  projectsQuerySchema,
  projectsResponseSchema,
  STAFF_ROLES,
} from 'shared-contracts/contracts';
import { HttpError } from '../../httpError';
import { currentUserOf } from '../../plugins/auth';
import { importProjects } from '../../services/projects/importCsv';
import {
  createProject,
  listRegister,
  projectDetail,
  searchProjects,
  updateProject,
} from '../../services/projects/register';
import { bearerAuth, errorResponses } from '../errorResponses';

const IMPORT_BODY_MESSAGE = 'Send the projects as CSV text (Content-Type: text/csv)';

/** The largest import file: 50,000 lines of a long project name and promoter each. */
const IMPORT_BODY_LIMIT = 16 * 1024 * 1024;

/**
 * The register of RERA projects (ADR 0055): the submit form's typeahead (public: only the public
 * facts of a project), the staff project page, and the admins' register, edits and CSV import.
 */
export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = app.requireUser('admin');
  const staff = app.requireUser(...STAFF_ROLES);
  const tags = ['projects'];

  // The import's body is the CSV text itself (a spreadsheet's "save as CSV"), in this plugin only.
  app.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  app.get(
    API_PATHS.projects.search,
    {
      schema: {
        summary: 'Projects by RERA number (its start) or name or promoter (any part), at most 10',
        description: 'Public, for the submit form: number, name, promoter and city only.',
        tags,
        querystring: projectsQuerySchema,
        response: { 200: projectsResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => ({ projects: await searchProjects(app.db, request.query.q) }),
  );

  app.get(
    API_PATHS.projects.register,
    {
      onRequest: adminOnly,
      schema: {
        summary: 'The register by name, 20 a page (admins)',
        tags,
        security: bearerAuth,
        querystring: projectRegisterQuerySchema,
        response: { 200: projectRegisterResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listRegister(app.db, request.query.q, request.query.page),
  );

  app.get(
    API_PATHS.projects.byId,
    {
      onRequest: staff,
      schema: {
        summary:
          "A project and its tickets by status, open, overdue and the oldest open (the caller's scope)",
        tags,
        security: bearerAuth,
        params: idParamsSchema,
        response: { 200: projectDetailResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => projectDetail(app.db, currentUserOf(request), request.params.id, app.clock.now()),
  );

  app.post(
    API_PATHS.projects.create,
    {
      onRequest: adminOnly,
      schema: {
        summary: "Add a project (Maharashtra's numbers are P and 11 digits; others as typed)",
        tags,
        security: bearerAuth,
        body: projectInputSchema,
        response: { 201: projectResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.code(201).send({ project: await createProject(app.db, request.body) }),
  );

  app.put(
    API_PATHS.projects.update,
    {
      onRequest: adminOnly,
      schema: {
        summary: 'Change a project',
        tags,
        security: bearerAuth,
        params: idParamsSchema,
        body: projectInputSchema,
        response: { 200: projectResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({ project: await updateProject(app.db, request.params.id, request.body) }),
  );

  app.post(
    API_PATHS.projects.import,
    {
      onRequest: adminOnly,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        summary: 'Import projects from CSV (text/csv); dryRun=true says what would change, line by line',
        description:
          'The first line names the columns rera_number, name, promoter, city, district. Each line is ' +
          'added, changed, unchanged or refused (BAD_NUMBER, UNKNOWN_CITY, DUPLICATE, MISSING_NAME, ' +
          'BAD_LINE); without dryRun every good line is written in one transaction.',
        tags,
        security: bearerAuth,
        querystring: projectImportQuerySchema,
        // No body schema: the CSV is checked line by line, and any other body is refused below
        // (a schema here would be checked before the query, hiding a bad `dryRun`).
        response: { 200: projectImportResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      if (typeof request.body !== 'string') {
        throw new HttpError(400, IMPORT_BODY_MESSAGE, [{ path: 'body', message: IMPORT_BODY_MESSAGE }]);
      }
      return importProjects(app.db, request.body, request.query.dryRun);
    },
  );
};
