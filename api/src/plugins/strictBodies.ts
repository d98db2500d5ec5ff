import type { FastifyInstance, preValidationAsyncHookHandler } from 'fastify';
import { HttpError } from '../httpError';

/** Enough of zod's internals (classic and mini alike) to walk an object schema's fields. */
interface ZodLike {
  _zod?: {
    def?: {
      type?: string;
      shape?: Record<string, ZodLike>;
      catchall?: ZodLike;
      innerType?: ZodLike;
      in?: ZodLike;
    };
  };
}

/** The object schema under optional/default/nullable/pipe wrappers, or undefined when it is none. */
function objectSchemaOf(schema: ZodLike | undefined, depth = 0): ZodLike | undefined {
  const def = schema?._zod?.def;
  if (!def || depth > 8) return undefined;
  if (def.type === 'object') return schema;
  if (def.type === 'pipe') return objectSchemaOf(def.in, depth + 1);
  if (def.innerType) return objectSchemaOf(def.innerType, depth + 1);
  return undefined;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The paths of the fields `value` has that `schema` does not name (its nested objects too). */
export function unknownFields(schema: ZodLike, value: Record<string, unknown>, prefix = ''): string[] {
  const def = schema._zod?.def;
  const shape = def?.shape ?? {};
  // An object that takes any further key (looseObject, catchall) has no unknown fields.
  const open = def?.catchall !== undefined && def.catchall._zod?.def?.type !== 'never';
  const found: string[] = [];
  for (const [key, field] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    const fieldSchema = Object.hasOwn(shape, key) ? shape[key] : undefined;
    if (!fieldSchema) {
      if (!open) found.push(path);
      continue;
    }
    const nested = objectSchemaOf(fieldSchema);
    if (nested && isPlainObject(field)) found.push(...unknownFields(nested, field, path));
  }
  return found;
}

/**
 * Unknown fields in a JSON body are refused (400, each named in `details`) instead of dropped by the
 * schema: a caller who sends `isAdmin` or `tokenVersion` learns they were not taken (ADR 0054). At
 * the api's edge, for every route whose body schema is an object, so the shared schemas (which the
 * clients also parse answers and forms with) stay as they are. Multipart bodies are read by their
 * routes, field by field, and are not objects here.
 */
export function registerStrictBodies(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const body = (route.schema as { body?: ZodLike } | undefined)?.body;
    const schema = objectSchemaOf(body);
    if (!schema) return;
    const refuseUnknown: preValidationAsyncHookHandler = async (request) => {
      if (!isPlainObject(request.body) || request.headers['content-type']?.startsWith('multipart/')) return;
      const unknown = unknownFields(schema, request.body);
      if (unknown.length === 0) return;
      throw new HttpError(
        400,
        'Invalid request body',
        unknown.map((path) => ({ path, message: 'Unknown field' })),
      );
    };
    const existing = route.preValidation;
    route.preValidation = existing
      ? [...(Array.isArray(existing) ? existing : [existing]), refuseUnknown]
      : refuseUnknown;
  });
}
