import { Input } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { ATTACHMENT_ACCEPT } from '../rules/attachmentCheck';

interface Props {
  label: ReactNode;
  /** The upload rules, read out with the field. */
  description: ReactNode;
  error?: ReactNode;
  onChange: (file: File | null) => void;
}

/**
 * A reply's optional file (staff and members alike, the submit's upload rules): the native file
 * input (the phone's picker, keyboard and screen readers as they are) in Mantine's field frame,
 * described by its hint and, when there is one, its error. Give it a new `key` to empty it.
 */
export function FileInputField({ label, description, error, onChange }: Props) {
  const id = useId();
  return (
    <Input.Wrapper
      label={label}
      description={description}
      error={error}
      labelProps={{ htmlFor: id }}
      descriptionProps={{ id: `${id}-hint` }}
      errorProps={{ id: `${id}-error` }}
    >
      <input
        id={id}
        type="file"
        name="attachment"
        accept={ATTACHMENT_ACCEPT}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={Boolean(error)}
        style={{ display: 'block', marginTop: 4, maxWidth: '100%', fontSize: 14 }}
        onChange={(event) => onChange(event.currentTarget.files?.[0] ?? null)}
      />
    </Input.Wrapper>
  );
}
