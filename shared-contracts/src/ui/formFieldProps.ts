import type { ReactNode } from 'react';

/** The part of a @mantine/form form this helper reads (kept structural: shared-contracts does not depend on @mantine/form). */
interface FormWithErrors<Field extends string, InputProps extends object> {
  getInputProps: (path: Field) => InputProps;
  errors: Partial<Record<string, ReactNode>>;
}

/**
 * A field's input props with its error in the page's language. The forms' errors are catalogue
 * keys from the shared schemas or the api's English texts (ADR 0024), so every form translated
 * them the same way beside `getInputProps`; a mark that is not text (`true`: a 409 names the field
 * without a message) stays as it is.
 */
export function formFieldProps<Field extends string, InputProps extends object>(
  form: FormWithErrors<Field, InputProps>,
  field: Field,
  translate: (error: string) => string,
): Omit<InputProps, 'error'> & { error: ReactNode } {
  const error = form.errors[field];
  return { ...form.getInputProps(field), error: typeof error === 'string' ? translate(error) : error };
}
