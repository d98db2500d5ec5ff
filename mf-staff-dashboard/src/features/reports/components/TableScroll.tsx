import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A table's scrolling box: a wide table scrolls sideways inside it on a phone instead of widening
 * the page. It takes the keyboard's focus (arrow keys scroll it) and is named for screen readers.
 */
export function TableScroll({
  label,
  maxHeight,
  children,
}: {
  label: string;
  maxHeight?: number;
  children: ReactNode;
}) {
  // The focus makes a scrolling region reachable by keyboard (WCAG 2.1.1).
  return (
    <Box role="region" aria-label={label} tabIndex={0} style={{ overflow: 'auto', maxHeight }} miw={0}>
      {children}
    </Box>
  );
}
