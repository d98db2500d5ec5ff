import { Button, Text } from '@mantine/core';
import { formatNumber } from '../i18n/format';
import type { PageItem } from '../rules/pagination';

interface PageNumbersProps {
  /** The window of page numbers to show, with 'ellipsis' where numbers are skipped. */
  items: readonly PageItem[];
  current: number;
  /** The accessible name of a page's button, e.g. 'Page 3'. */
  label: (page: number) => string;
  onPage: (page: number) => void;
  /** Narrow buttons, for a phone. */
  compact?: boolean;
}

/** The page-number buttons of a paged list (tickets, users): the current page is marked. */
export function PageNumbers({ items, current, label, onPage, compact = false }: PageNumbersProps) {
  return items.map((item, index) =>
    item === 'ellipsis' ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: an ellipsis has nothing but its place.
      <Text key={`ellipsis-${index}`} c="dimmed" size="sm" aria-hidden="true">
        …
      </Text>
    ) : (
      <Button
        key={item}
        size="xs"
        px={compact ? 8 : undefined}
        variant={item === current ? 'filled' : 'default'}
        aria-label={label(item)}
        aria-current={item === current ? 'page' : undefined}
        onClick={() => onPage(item)}
      >
        {formatNumber(item)}
      </Button>
    ),
  );
}
