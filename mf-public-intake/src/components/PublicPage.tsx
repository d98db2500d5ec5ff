import { Container, Group } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { LanguageSwitcher } from 'shared-contracts';

/**
 * The frame of every public screen (the shell puts it inside its `<main>`): mobile first (usable
 * from 360 px, no horizontal scroll), and readable text. Mantine's dimmed text (gray 6, 3.3:1)
 * and error text (red 6, 3.3:1) are below WCAG AA on white; here they are darker for everything
 * inside the page.
 */
const READABLE: CSSProperties & Record<`--${string}`, string> = {
  '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
  '--mantine-color-error': 'var(--mantine-color-red-9)',
  overflowWrap: 'anywhere',
};

export function PublicPage({ children }: { children: ReactNode }) {
  return (
    <Container size="sm" px={{ base: 'sm', sm: 'md' }} py={{ base: 'md', sm: 'xl' }} style={READABLE}>
      <Group justify="flex-end" mb="xs">
        <LanguageSwitcher size="sm" />
      </Group>
      {children}
    </Container>
  );
}
