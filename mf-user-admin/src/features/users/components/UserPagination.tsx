import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  clampPage,
  PageNumbers,
  pageCount,
  pageOfText,
  say,
  USERS_PAGE_SIZE,
  userPageWindow,
  userRangeText,
} from 'shared-contracts';
import { USER_ADMIN_NS } from '../../../i18n';

interface Props {
  page: number;
  total: number;
  /** Small screens: the numbers on one line, Previous and Next under them. */
  mobile?: boolean;
  onPage: (page: number) => void;
}

/**
 * docs/product.md#user-management users pagination, shown only with more than one page: 'Showing X to Y of N users',
 * 'Page P of T', previous/next, and the page numbers 2 either side of the current one with the
 * first and the last always there and an ellipsis where numbers are skipped.
 */
export function UserPagination({ page, total, mobile = false, onPage }: Props) {
  const { t } = useTranslation(USER_ADMIN_NS);
  const pages = pageCount(total, USERS_PAGE_SIZE);
  if (pages <= 1) return null;
  const current = clampPage(page, pages);
  const previous = (
    <Button variant="default" size="xs" disabled={current <= 1} onClick={() => onPage(current - 1)}>
      {t('users.previous')}
    </Button>
  );
  const next = (
    <Button variant="default" size="xs" disabled={current >= pages} onClick={() => onPage(current + 1)}>
      {t('users.next')}
    </Button>
  );
  return (
    <Stack gap="xs" mt="md">
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="gray.7">
          {say(t, userRangeText(current, USERS_PAGE_SIZE, total))}
        </Text>
        <Text size="sm" c="gray.7">
          {say(t, pageOfText(current, pages))}
        </Text>
      </Group>
      <Stack component="nav" aria-label={t('users.pages')} gap="xs">
        <Group gap={6} justify="center" wrap={mobile ? 'nowrap' : 'wrap'}>
          {!mobile && previous}
          <PageNumbers
            items={userPageWindow(current, pages)}
            current={current}
            label={(item) => t('users.page', { page: item })}
            onPage={onPage}
            compact={mobile}
          />
          {!mobile && next}
        </Group>
        {mobile && (
          <Group justify="space-between" gap="xs">
            {previous}
            {next}
          </Group>
        )}
      </Stack>
    </Stack>
  );
}
