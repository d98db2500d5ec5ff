import { Box, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface DetailRow {
  label: string;
  value: ReactNode;
}

/** Label and value pairs as a description list: two columns from 480 px, stacked below. */
export function DetailList({ rows }: { rows: DetailRow[] }) {
  return (
    <Box component="dl" m={0}>
      {rows.map((row) => (
        <Box
          key={row.label}
          py={6}
          style={{
            display: 'flex',
            flexWrap: 'wrap',
            columnGap: 'var(--mantine-spacing-md)',
            borderBottom: '1px solid var(--mantine-color-gray-2)',
          }}
        >
          <Text component="dt" size="sm" fw={600} style={{ flex: '0 0 9.5rem' }}>
            {row.label}
          </Text>
          <Text
            component="dd"
            size="sm"
            m={0}
            style={{ flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' }}
          >
            {row.value}
          </Text>
        </Box>
      ))}
    </Box>
  );
}
