/**
 * The admins' project form and import as plain values (ADR 0055): what the fields hold as text,
 * how they become the call's body (checked by the shared schema, whose messages name each
 * field's problem), and what the import's answer says line by line.
 */
import {
  firstErrorPerField,
  MESSAGES,
  type Project,
  type ProjectImportLine,
  type ProjectImportResponse,
  type ProjectInput,
  projectInputSchema,
} from 'shared-contracts';

export interface ProjectFormValues {
  reraNumber: string;
  name: string;
  promoter: string;
  /** The city's id as the select holds it ('' when none is chosen). */
  cityId: string;
  district: string;
}

export const EMPTY_PROJECT_FORM: ProjectFormValues = {
  reraNumber: '',
  name: '',
  promoter: '',
  cityId: '',
  district: '',
};

/** The form's values of a project of the register (Edit). */
export function projectFormValues(project: Project): ProjectFormValues {
  return {
    reraNumber: project.reraNumber,
    name: project.name,
    promoter: project.promoter,
    cityId: String(project.cityId),
    district: project.district,
  };
}

/** The body the form sends, or each field's problem (the shared schema's English message). */
export function projectFromForm(
  values: ProjectFormValues,
):
  | { ok: true; project: ProjectInput }
  | { ok: false; errors: Partial<Record<keyof ProjectFormValues, string>> } {
  const parsed = projectInputSchema.safeParse({
    ...values,
    cityId: /^\d+$/.test(values.cityId) ? Number(values.cityId) : undefined,
  });
  if (parsed.success) return { ok: true, project: parsed.data };
  const errors: Partial<Record<keyof ProjectFormValues, string>> = firstErrorPerField(parsed.error);
  // No city chosen: the select's own words, not the schema's about a number.
  if (errors.cityId) errors.cityId = MESSAGES.selectCity;
  return { ok: false, errors };
}

/** The catalogue key of an import line's outcome, with its reason when it was refused. */
export function importLineKey(line: Pick<ProjectImportLine, 'outcome' | 'reason'>): string {
  if (line.outcome === 'refused') return `projects.import.reasons.${line.reason ?? 'BAD_LINE'}`;
  return `projects.import.outcomes.${line.outcome}`;
}

/** Whether a dry run's answer leaves anything to import for real (a line to add or change). */
export function importHasChanges(answer: Pick<ProjectImportResponse, 'added' | 'changed'>): boolean {
  return answer.added + answer.changed > 0;
}
