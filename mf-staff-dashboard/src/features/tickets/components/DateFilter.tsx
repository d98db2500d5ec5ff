import { Input } from '@mantine/core';
import { lazy, Suspense, useId } from 'react';
import { CalendarIcon } from '../../../components/icons';
import type { DateFilterInputProps } from './DateFilterInput';

const DateFilterInput = lazy(() => import('./DateFilterInput'));

/** docs/product.md#ticket-list-panel: the date picker of the list panel, loaded after the first paint. */
export function DateFilter(props: DateFilterInputProps) {
  // The stand-in button is named by its label and its visible text together, as axe's
  // label-content-name-mismatch asks: a name without the visible placeholder fails it.
  const id = useId();
  return (
    <Suspense
      fallback={
        <Input.Wrapper label={props.label} labelProps={{ id: `${id}-label` }}>
          <Input
            component="button"
            type="button"
            disabled
            pointer
            leftSection={<CalendarIcon size={16} />}
            aria-labelledby={`${id}-label ${id}-placeholder`}
          >
            <Input.Placeholder id={`${id}-placeholder`} c="gray.7">
              {props.placeholder}
            </Input.Placeholder>
          </Input>
        </Input.Wrapper>
      }
    >
      <DateFilterInput {...props} />
    </Suspense>
  );
}
