/**
 * POST /api/tickets/submit as multipart (docs/product.md#calls), through XMLHttpRequest: fetch and ky cannot
 * report upload progress, and a 20 MB attachment on a phone takes a while. The answer is parsed
 * with the shared schema and every failure is the shared error helper's `{ status, message,
 * details }` (docs/product.md#errors), exactly as the ky client would give it.
 */
import {
  API_BASE,
  API_PATHS,
  ApiError,
  ATTACHMENT_FIELD,
  apiErrorFromAnswer,
  authStore,
  IDEMPOTENCY_KEY_HEADER,
  MESSAGES,
  SETUP_ERROR_STATUS,
  type TicketSubmitForm,
  ticketSubmitResponseSchema,
} from 'shared-contracts';
import * as z from 'zod/mini';

/**
 * The answer as the submit flow reads it (docs/product.md#ticket-states): the shared schema, with ticketId, userId and
 * shareUrl each allowed to be missing, so the flow can go to the member's tickets when only a
 * userId comes back, or say 'Could not determine ticket ID from server response.' with neither.
 */
export const submitAnswerSchema = z.partial(ticketSubmitResponseSchema, {
  success: true,
  ticketId: true,
  userId: true,
  shareUrl: true,
});
export type SubmitAnswer = z.infer<typeof submitAnswerSchema>;

export interface SubmitProgress {
  loaded: number;
  total: number;
}

export interface SubmitWithProgressOptions {
  /** One key per filled form (docs/architecture.md#security-decisions): a double click or a retry makes one ticket. */
  idempotencyKey: string;
  /** Upload progress of the request body (only meaningful with an attachment). */
  onProgress?: (progress: SubmitProgress) => void;
  /** Aborts the upload (the page was left). */
  signal?: AbortSignal;
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** Sends the form and resolves with the parsed answer, or rejects with an `ApiError`. */
export function submitTicketWithProgress(
  form: TicketSubmitForm,
  attachment: File | null,
  { idempotencyKey, onProgress, signal }: SubmitWithProgressOptions,
): Promise<SubmitAnswer> {
  return new Promise<SubmitAnswer>((resolve, reject) => {
    let xhr: XMLHttpRequest;
    try {
      const body = new FormData();
      for (const [key, value] of Object.entries(form)) body.append(key, value);
      if (attachment) body.append(ATTACHMENT_FIELD, attachment, attachment.name);

      xhr = new XMLHttpRequest();
      xhr.open('POST', `${API_BASE}${API_PATHS.tickets.submit}`);
      xhr.setRequestHeader(IDEMPOTENCY_KEY_HEADER, idempotencyKey);
      xhr.setRequestHeader('Accept', 'application/json');
      // docs/product.md#roles: the bearer token goes with every request when there is one (a governor or an
      // observer lands on this form). A 401 ends that session as the ky client does (ADR 0003),
      // but the visitor stays on the form: nothing typed is lost.
      const { token } = authStore.getState();
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

      if (onProgress) {
        xhr.upload.onprogress = (event) => {
          if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
        };
      }
      xhr.onload = () => {
        const data = parseJson(xhr.responseText);
        if (xhr.status === 401 && token && authStore.getState().token === token)
          authStore.getState().signOut();
        if (xhr.status < 200 || xhr.status >= 300) {
          reject(apiErrorFromAnswer(xhr.status, data));
          return;
        }
        const parsed = submitAnswerSchema.safeParse(data);
        if (!parsed.success) {
          reject(
            new ApiError({
              status: xhr.status,
              message: MESSAGES.invalidResponseFormat,
              details: parsed.error.issues,
            }),
          );
          return;
        }
        if (parsed.data.success === false) {
          reject(apiErrorFromAnswer(xhr.status, data));
          return;
        }
        resolve(parsed.data);
      };
      xhr.onerror = () => reject(new ApiError({ status: 0, message: MESSAGES.noResponse }));
      const aborted = () => reject(new DOMException('The submit was aborted', 'AbortError'));
      if (signal?.aborted) {
        aborted();
        return;
      }
      // Settled at the abort itself, not at the request's abort event: whatever the request does
      // afterwards (an answer already on its way) changes nothing.
      signal?.addEventListener(
        'abort',
        () => {
          aborted();
          xhr.abort();
        },
        { once: true },
      );
      xhr.send(body);
    } catch {
      reject(new ApiError({ status: SETUP_ERROR_STATUS, message: MESSAGES.requestSetup }));
    }
  });
}
