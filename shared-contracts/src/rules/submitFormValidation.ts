import { MOBILE_DIGITS } from '../constants';
import { MESSAGES } from '../i18n/text';
import { mobileSchema } from '../schemas/common';
import {
  descriptionSchema,
  submitFullNameSchema,
  type TicketSubmit,
  type TicketSubmitForm,
  ticketSubmitSchema,
} from '../schemas/tickets';
import { type FormResult, firstErrorPerField } from './formErrors';

export type SubmitField = keyof TicketSubmitForm;

/**
 * The fields a visitor fills, in the order they meet them (docs/product.md#submit-form): the live
 * form focuses the first refused one, the page of the form posted without scripts lists the
 * errors of any other field apart.
 */
export const SUBMIT_FIELDS_SHOWN = [
  'fullName',
  'mobile',
  'email',
  'cityId',
  'committeeId',
  'description',
] as const satisfies readonly SubmitField[];

/**
 * docs/product.md#submit-form-validation, with the product's messages. A missing city or committee also gives the
 * form-level 'Please select both a city and a committee' (shown at submit).
 */
export function validateSubmitForm(form: TicketSubmitForm): FormResult<TicketSubmit, SubmitField> {
  const parsed = ticketSubmitSchema.safeParse(form);
  if (parsed.success) return { ok: true, data: parsed.data, errors: {} };
  const errors: Partial<Record<SubmitField | '_form', string>> = firstErrorPerField(parsed.error);
  if (errors.cityId || errors.committeeId) errors._form = MESSAGES.selectCityAndCommittee;
  return { ok: false, errors };
}

const LIVE_FIELDS = {
  fullName: submitFullNameSchema,
  mobile: mobileSchema,
  description: descriptionSchema,
} as const;
export type LiveSubmitField = keyof typeof LIVE_FIELDS;

/** The error of one live-checked field (name, mobile, description) as the user types, or null. */
export function submitFieldError(field: LiveSubmitField, value: string): string | null {
  const parsed = LIVE_FIELDS[field].safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

/** docs/product.md#validation: only digits can be typed into Mobile, at most 10. */
export function sanitiseMobileInput(value: string): string {
  return value.replace(/\D/g, '').slice(0, MOBILE_DIGITS);
}

/** docs/product.md#validation: the submit button is disabled while busy or while a name, mobile or description error shows. */
export function isSubmitDisabled(busy: boolean, errors: Partial<Record<string, unknown>>): boolean {
  return busy || Boolean(errors.fullName || errors.mobile || errors.description);
}
