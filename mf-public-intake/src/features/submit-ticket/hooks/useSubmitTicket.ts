import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  currentLanguage,
  fieldErrorsFromDetails,
  newIdempotencyKey,
  REDIRECT_AFTER_SUBMIT_MS,
  SUBMIT_FORM_FIELDS,
  type SubmitField,
  type TicketSubmitForm,
  toApiError,
} from 'shared-contracts';
import { type SubmitWithProgressOptions, submitTicketWithProgress } from '../api/submitTicketWithProgress';
import { submitDestination, submitErrorMessage } from '../rules/submitOutcome';

function fingerprintOf(form: TicketSubmitForm, file: File | null): string {
  return JSON.stringify([form, file ? [file.name, file.size, file.lastModified] : null]);
}

export type SubmitResult =
  | { ok: true; message: 'submitted' }
  | { ok: false; message: string; fieldErrors: Partial<Record<SubmitField, string>> }
  | { ok: false; message: null; fieldErrors: Record<string, never> };

/**
 * docs/product.md#submit-flow with docs/architecture.md#security-decisions: one `Idempotency-Key` per filled form (the same
 * content sent again, by a double click or a retry after an error, carries the same key, so the
 * server makes one ticket; a changed form is another ticket with a key of its own); upload
 * progress; on success, after 2 seconds, the ticket's `shareUrl` (else the member's tickets,
 * else 'Could not determine ticket ID from server response.').
 */
export function useSubmitTicket() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  /** Upload progress 0–100 while an attachment is being sent, else null. */
  const [progress, setProgress] = useState<number | null>(null);
  const inFlight = useRef(false);
  const attempt = useRef<{ fingerprint: string; key: string; cityPresident: string } | null>(null);
  const abort = useRef<AbortController | null>(null);
  const redirect = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The submit is the form's one write: a mutation, like every other write of the suite.
  const { mutateAsync: send } = useMutation({
    mutationFn: (call: { form: TicketSubmitForm; file: File | null; options: SubmitWithProgressOptions }) =>
      submitTicketWithProgress(call.form, call.file, call.options),
  });

  useEffect(
    () => () => {
      abort.current?.abort();
      clearTimeout(redirect.current);
    },
    [],
  );

  const submit = useCallback(
    async (typed: TicketSubmitForm, file: File | null): Promise<SubmitResult> => {
      // The page's language goes with the ticket: the member's emails are written in it.
      const form: TicketSubmitForm = { ...typed, language: typed.language ?? currentLanguage() };
      if (inFlight.current) return { ok: false, message: null, fieldErrors: {} };
      inFlight.current = true;
      setBusy(true);
      setProgress(file ? 0 : null);

      // The same content is the same submit, even if the president lookup changed in between
      // (the api looks the president up again). A retry resends exactly what was sent first:
      // the api replays its first answer only for the same key with the same request (else 422).
      const fingerprint = fingerprintOf({ ...form, cityPresident: '' }, file);
      if (attempt.current?.fingerprint !== fingerprint)
        attempt.current = { fingerprint, key: newIdempotencyKey(), cityPresident: form.cityPresident };
      const sent: TicketSubmitForm = { ...form, cityPresident: attempt.current.cityPresident };
      const controller = new AbortController();
      abort.current = controller;

      const fail = (
        message: string,
        fieldErrors: Partial<Record<SubmitField, string>> = {},
      ): SubmitResult => {
        inFlight.current = false;
        setBusy(false);
        setProgress(null);
        return { ok: false, message, fieldErrors };
      };

      try {
        const answer = await send({
          form: sent,
          file,
          options: {
            idempotencyKey: attempt.current.key,
            signal: controller.signal,
            onProgress: file
              ? ({ loaded, total }) =>
                  setProgress(total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0)
              : undefined,
          },
        });
        const destination = submitDestination(answer);
        if (!destination.ok) return fail(destination.error);
        // Stays busy until the redirect: the button cannot send the form again.
        redirect.current = setTimeout(() => navigate(destination.path), REDIRECT_AFTER_SUBMIT_MS);
        return { ok: true, message: 'submitted' };
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError')
          return { ok: false, message: null, fieldErrors: {} };
        const info = toApiError(error);
        // docs/product.md#errors: details are logged only.
        if (info.details !== undefined) console.error('Ticket submit failed', info.status, info.details);
        return fail(submitErrorMessage(info), fieldErrorsFromDetails(info.details, SUBMIT_FORM_FIELDS));
      }
    },
    [navigate, send],
  );

  return { busy, progress, submit };
}
