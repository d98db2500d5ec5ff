/**
 * The Out of office form as plain values (ADR 0014): the days away and the stand-in, checked
 * field by field with catalogue keys, then by the shared schema.
 */
import { type AbsenceRequest, absenceRequestSchema } from 'shared-contracts';

export interface AbsenceFormValues {
  from: string;
  to: string;
  /** The stand-in's id as the select holds it ('' for none chosen). */
  standInId: string;
}

export type AbsenceField = keyof AbsenceFormValues;
type Parsed =
  | { ok: true; data: AbsenceRequest }
  | { ok: false; errors: Partial<Record<AbsenceField, string>> };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The absence to send, or each field's problem (`absence.errors.*`). */
export function parseAbsence(values: AbsenceFormValues): Parsed {
  const errors: Partial<Record<AbsenceField, string>> = {};
  if (!DAY.test(values.from)) errors.from = 'absence.errors.fromRequired';
  if (!DAY.test(values.to)) errors.to = 'absence.errors.toRequired';
  else if (DAY.test(values.from) && values.to < values.from) errors.to = 'absence.errors.toBeforeFrom';
  if (!/^\d+$/.test(values.standInId)) errors.standInId = 'absence.errors.standInRequired';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const parsed = absenceRequestSchema.safeParse({
    from: values.from,
    to: values.to,
    standInId: Number(values.standInId),
  });
  // The fields passed the checks above; what is left for the schema is an impossible date (31 February).
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, errors: { from: 'absence.errors.fromRequired' } };
}
