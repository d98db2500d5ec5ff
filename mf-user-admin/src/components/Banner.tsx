import { Alert, type AlertProps } from '@mantine/core';
import type { ReactNode, Ref } from 'react';

interface Props extends Omit<AlertProps, 'variant' | 'title'> {
  title?: ReactNode;
  children: ReactNode;
  /** 'alert' for errors and refusals, 'status' for messages that only inform. */
  role?: 'alert' | 'status';
  ref?: Ref<HTMLDivElement>;
}

/**
 * The success and error banners of these screens: a tinted box whose colour says what kind it
 * is, with near-black text (Mantine's tinted title colours read under WCAG AA's 4.5:1 on their
 * own tint).
 */
export function Banner({ title, children, role = 'alert', ...props }: Props) {
  return (
    <Alert
      variant="light"
      title={title}
      role={role}
      aria-live={role === 'status' ? 'polite' : undefined}
      styles={{ title: { color: 'var(--mantine-color-dark-9)' } }}
      {...props}
    >
      {children}
    </Alert>
  );
}
