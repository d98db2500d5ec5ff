import { Input } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { CalendarIcon } from '../../../components/icons';
import type { DateFilterInputProps } from './DateFilterInput';

const DateFilterInput = lazy(() => import('./DateFilterInput'));

/** docs/product.md#ticket-list-panel: the date picker of the list panel, loaded after the first paint. */
export function DateFilter(props: DateFilterInputProps) {
  return (
    <Suspense
      fallback={
        <Input.Wrapper label={props.label}>
          <Input
            component="button"
            type="button"
            disabled
            pointer
            leftSection={<CalendarIcon size={16} />}
            aria-label={props.label}
          >
            <Input.Placeholder c="gray.7">{props.placeholder}</Input.Placeholder>
          </Input>
        </Input.Wrapper>
      }
    >
      <DateFilterInput {...props} />
    </Suspense>
  );
}
