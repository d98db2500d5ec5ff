/**
 * docs/product.md#errors error helper: every failure of a call becomes `{ status, message, details }`.
 * - the server answered: its `error` field (else 'An error occurred') and its `details`;
 * - no answer (network down, timeout): status 0 and the connection message;
 * - anything else (the request could not even be built): 'Error setting up request'.
 */
import { isHTTPError, isNetworkError, isTimeoutError } from 'ky';
import { MESSAGES } from '../i18n/text';

export interface ApiErrorInfo {
  status: number;
  message: string;
  details?: unknown;
}

/** The status of a request that could not be set up (it never left the page). */
export const SETUP_ERROR_STATUS = -1;

/** What every typed client function throws. */
export class ApiError extends Error implements ApiErrorInfo {
  override name = 'ApiError';
  readonly status: number;
  readonly details?: unknown;

  constructor(info: ApiErrorInfo) {
    super(info.message);
    this.status = info.status;
    if (info.details !== undefined) this.details = info.details;
  }
}

function errorBody(data: unknown): { error?: unknown; details?: unknown } {
  return typeof data === 'object' && data !== null ? (data as { error?: unknown; details?: unknown }) : {};
}

/** docs/product.md#errors: `{ status, message, details }` of any error thrown by a call. */
export function toApiError(error: unknown): ApiErrorInfo {
  if (error instanceof ApiError) {
    return error.details === undefined
      ? { status: error.status, message: error.message }
      : { status: error.status, message: error.message, details: error.details };
  }
  if (isHTTPError(error)) {
    const body = errorBody(error.data);
    const message = typeof body.error === 'string' && body.error.trim() ? body.error : MESSAGES.genericError;
    return body.details === undefined
      ? { status: error.response.status, message }
      : { status: error.response.status, message, details: body.details };
  }
  if (isNetworkError(error) || isTimeoutError(error)) return { status: 0, message: MESSAGES.noResponse };
  return { status: SETUP_ERROR_STATUS, message: MESSAGES.requestSetup };
}

/** The same, as an `ApiError` to throw. */
export function asApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError(toApiError(error));
}

/**
 * The same mapping for an answer that was not read through ky: the submit form sends its
 * multipart body with XMLHttpRequest, the only browser API that reports upload progress. `data`
 * is the parsed body (undefined when it was not JSON): its `error` (else 'An error occurred')
 * and its `details`.
 */
export function apiErrorFromAnswer(status: number, data: unknown): ApiError {
  const body = errorBody(data);
  const message = typeof body.error === 'string' && body.error.trim() ? body.error : MESSAGES.genericError;
  return new ApiError(
    body.details === undefined ? { status, message } : { status, message, details: body.details },
  );
}
