/** The few helpers every typed call uses: send, read JSON, parse with the schema, map errors. */
import type { Options } from 'ky';
import type * as z from 'zod/mini';
import { MESSAGES } from '../i18n/text';
import { ACCESS_KEY_HEADER } from '../schemas/common';
import { ApiError, asApiError } from './errors';
import { http } from './http';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface CallOptions {
  /** The share-link secret (docs/architecture.md#security-decisions), sent as `X-Access-Key`. */
  accessKey?: string | null;
  signal?: AbortSignal;
}

/** A query object without the empty values (undefined, null, ''). */
export function toSearchParams(query: object | undefined): Record<string, string> | undefined {
  if (!query) return undefined;
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params[key] = String(value);
  }
  return Object.keys(params).length ? params : undefined;
}

export function accessKeyHeaders(accessKey: string | null | undefined): Record<string, string> | undefined {
  return accessKey ? { [ACCESS_KEY_HEADER]: accessKey } : undefined;
}

/**
 * Sends one call under `/api` and parses its answer with `schema`. Every failure is thrown as an
 * `ApiError`; an answer that does not match the schema is `invalidMessage` (docs/product.md#errors).
 */
export async function request<S extends z.ZodMiniType>(
  method: Method,
  path: string,
  schema: S,
  options: Options & CallOptions,
  invalidMessage: string = MESSAGES.invalidResponseFormat,
): Promise<z.output<S>> {
  const { accessKey, ...kyOptions } = options;
  const headers = {
    ...accessKeyHeaders(accessKey),
    ...(kyOptions.headers as Record<string, string> | undefined),
  };
  let response: Response;
  try {
    response = await http(path, { ...kyOptions, method, headers });
  } catch (error) {
    throw asApiError(error);
  }
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    throw new ApiError({ status: response.status, message: invalidMessage });
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success)
    throw new ApiError({ status: response.status, message: invalidMessage, details: parsed.error.issues });
  return parsed.data;
}
