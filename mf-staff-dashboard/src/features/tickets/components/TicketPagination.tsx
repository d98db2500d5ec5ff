import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  clampPage,
  PageNumbers,
  pageCount,
  pageOfText,
  say,
  TICKETS_PAGE_SIZE,
  ticketPageWindow,
  ticketRangeText,
} from 'shared-contracts';
import { STAFF_DASHBOARD_NS } from '../../../i18n';

interface TicketPaginationProps {
  page: number;
  total: number;
  /** The api counted only up to `total` (a search with many matches): 'of 1,000+', Next stays on. */
  totalIsLowerBound?: boolean;
  mobile: boolean;
  onPage: (page: number) => void;
}

/**
 * docs/product.md#ticket-list-panel: Prev/Next and page numbers (mobile: first, current and last), 'Showing X to Y of Z
 * entries' and 'Page N of M'. A long list shows a window of pages on a desktop too.
 */
export function TicketPagination({
  page,
  total,
  totalIsLowerBound = false,
  mobile,
  onPage,
}: TicketPaginationProps) {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const pages = pageCount(total, TICKETS_PAGE_SIZE);
  const current = clampPage(page, pages);
  return (
    <Stack gap="xs" mt="md">
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="gray.7">
          {say(t, ticketRangeText(current, TICKETS_PAGE_SIZE, total, totalIsLowerBound))}
        </Text>
        <Text size="sm" c="gray.7">
          {say(t, pageOfText(current, pages, totalIsLowerBound))}
        </Text>
      </Group>
      <Group component="nav" aria-label={t('list.pages')} gap={6} justify={mobile ? 'center' : 'flex-end'}>
        <Button variant="default" size="xs" disabled={current <= 1} onClick={() => onPage(current - 1)}>
          {t('list.prev')}
        </Button>
        <PageNumbers
          items={ticketPageWindow(current, pages, mobile)}
          current={current}
          label={(item) => t('list.page', { page: item })}
          onPage={onPage}
        />
        <Button
          variant="default"
          size="xs"
          disabled={current >= pages && !totalIsLowerBound}
          onClick={() => onPage(current + 1)}
        >
          {t('list.next')}
        </Button>
      </Group>
    </Stack>
  );
}
