import { Box, type BoxProps, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A ticket's history as an ordered list: the member's public timeline and the staff's history
 * show the same entries (author, time, text, file) and differ only in what they mark on them
 * (badges, the internal notes' tint), so they share this layout.
 */
export function Timeline({
  label,
  gap,
  children,
}: {
  label?: string;
  gap: 'xs' | 'sm';
  children: ReactNode;
}) {
  return (
    <Stack component="ol" gap={gap} m={0} p={0} aria-label={label} style={{ listStyle: 'none' }}>
      {children}
    </Stack>
  );
}

interface TimelineEntryProps extends BoxProps {
  /** The left rule's colour, a Mantine colour with its shade (`blue-6`): who wrote the entry. */
  accent: string;
  author: ReactNode;
  /** Badges after the author's name. */
  marks?: ReactNode;
  /** When, already formatted in the page's language. */
  time: string;
  text: string;
  /** The entry's file, with the app's own View and Download. */
  file?: ReactNode;
  'aria-label'?: string;
  'data-visibility'?: string;
}

export function TimelineEntry({
  accent,
  author,
  marks,
  time,
  text,
  file,
  style,
  ...box
}: TimelineEntryProps) {
  return (
    <Box
      component="li"
      pl="sm"
      {...box}
      style={{ borderLeft: `3px solid var(--mantine-color-${accent})`, ...(style as object) }}
    >
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {author}
        </Text>
        {marks}
        <Text size="xs" c="gray.7">
          {time}
        </Text>
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {text}
      </Text>
      {file && <Box mt={4}>{file}</Box>}
    </Box>
  );
}
