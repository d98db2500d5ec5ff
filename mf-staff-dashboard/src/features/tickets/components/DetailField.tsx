import { Box, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One labelled value of the ticket dialog's description lists (`dl`). */
export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="gray.7" fw={600} tt="uppercase">
        {label}
      </Text>
      <Box component="dd" m={0} fz="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </div>
  );
}

/** A text someone wrote: its line breaks kept, a long word (a pasted link) wrapped. */
export function WrittenText({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  );
}
