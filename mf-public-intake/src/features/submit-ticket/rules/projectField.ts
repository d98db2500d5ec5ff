import { MESSAGES, type PublicProject, reraNumberProblem, type TicketSubmitForm } from 'shared-contracts';

/** The typeahead's text for a project picked from its list: its name and RERA number. */
export const pickedProjectText = (project: Pick<PublicProject, 'name' | 'reraNumber'>) =>
  `${project.name} (${project.reraNumber})`;

/**
 * The project field's values once the visitor has typed `text` (ADR 0055): no project picked, and
 * the text sent as a RERA number typed in full (the form posted without scripts sends the same
 * field), or nothing when the box is empty.
 */
export function typedProject(text: string): Pick<TicketSubmitForm, 'projectId' | 'reraNumber'> {
  return { projectId: '', reraNumber: text.trim() };
}

/** The field's values for a project picked from the list: its id, no typed number. */
export function pickedProject(
  project: Pick<PublicProject, 'id'>,
): Pick<TicketSubmitForm, 'projectId' | 'reraNumber'> {
  return { projectId: String(project.id), reraNumber: '' };
}

/**
 * The live form's own check of the project box, before the shared schema's: text not picked from
 * the list that cannot be a RERA number (no digit in it, or characters no register uses) asks for
 * a pick. A number typed in full is left to the schema (a Maharashtra number of the wrong length
 * is told so) and to the api (a number no project has). Null when the box is fine.
 */
export function projectFieldError(values: Pick<TicketSubmitForm, 'projectId' | 'reraNumber'>): string | null {
  const text = values.reraNumber?.trim() ?? '';
  if (values.projectId || text === '') return null;
  if (/\d/.test(text) && reraNumberProblem(text) !== 'reraNumberInvalid') return null;
  return MESSAGES.selectProject;
}
