import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  clampPage,
  pageCount,
  pageOfText,
  TICKETS_PAGE_SIZE,
  ticketPageWindow,
  ticketRangeText,
} from 'shared-contracts';
import { STAFF_DASHBOARD_NS } from '../../../i18n';

interface TicketPaginationProps {
  page: number;
  total: number;
  mobile: boolean;
  onPage: (page: number) => void;
}

/**
 * Spec §2: Prev/Next and page numbers (mobile: first, current and last), 'Showing X to Y of Z
 * entries' and 'Page N of M'. A long list shows a window of pages on a desktop too.
 */
export function TicketPagination({ page, total, mobile, onPage }: TicketPaginationProps) {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const pages = pageCount(total, TICKETS_PAGE_SIZE);
  const current = clampPage(page, pages);
  return (
    <Stack gap="xs" mt="md">
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="gray.7">
          {ticketRangeText(current, TICKETS_PAGE_SIZE, total)}
        </Text>
        <Text size="sm" c="gray.7">
          {pageOfText(current, pages)}
        </Text>
      </Group>
      <Group component="nav" aria-label={t('list.pages')} gap={6} justify={mobile ? 'center' : 'flex-end'}>
        <Button variant="default" size="xs" disabled={current <= 1} onClick={() => onPage(current - 1)}>
          {t('list.prev')}
        </Button>
        {ticketPageWindow(current, pages, mobile).map((item, index) =>
          item === 'ellipsis' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: an ellipsis has nothing but its place.
            <Text key={`ellipsis-${index}`} c="gray.7" size="sm" aria-hidden="true">
              …
            </Text>
          ) : (
            <Button
              key={item}
              size="xs"
              variant={item === current ? 'filled' : 'default'}
              aria-label={t('list.page', { page: item })}
              aria-current={item === current ? 'page' : undefined}
              onClick={() => onPage(item)}
            >
              {item}
            </Button>
          ),
        )}
        <Button variant="default" size="xs" disabled={current >= pages} onClick={() => onPage(current + 1)}>
          {t('list.next')}
        </Button>
      </Group>
    </Stack>
  );
}
