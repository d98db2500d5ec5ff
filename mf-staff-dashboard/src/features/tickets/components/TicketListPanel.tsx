import {
  Alert,
  Box,
  Button,
  Group,
  LoadingOverlay,
  NativeSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import {
  clampPage,
  DUE_FILTERS,
  type DueFilter,
  errorText,
  pageCount,
  TEXT_LIMITS,
  TICKETS_PAGE_SIZE,
  type Ticket,
  type TicketStatusFilter,
  useAuth,
} from 'shared-contracts';
import { SearchIcon } from '../../../components/icons';
import { ProjectFilter } from '../../../components/ProjectFilter';
import { useIsMobile } from '../../../hooks/useIsMobile';
import { STAFF_DASHBOARD_NS } from '../../../i18n';
import { FIRST_PAGE } from '../api/fetchTicketPage';
import { useTicketPage } from '../hooks/useTicketPage';
import { DUE_PARAM, dueFilterOf, SORT_PARAM, sortOf } from '../rules/dueFilter';
import { LINKED_TICKET_PARAM, linkedTicketId } from '../rules/linkedTicket';
import { PROJECT_PARAM, projectFilterOf } from '../rules/projectFilter';
import { STATUS_FILTER_OPTIONS } from '../rules/statusFilter';
import { ticketListTitle } from '../rules/ticketListTitle';
import { DateFilter } from './DateFilter';
import { TicketCards } from './TicketCards';
import { TicketDetailsDialog } from './TicketDetailsDialog';
import { TicketPagination } from './TicketPagination';
import { TicketTable } from './TicketTable';

/** How long the search box waits for typing to pause before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface TicketListPanelProps {
  /** The 'Filter by city' choices: the cities present in the tickets the user may see. */
  cityOptions: readonly string[];
  /** Called with the city an answer names (the convenor's list does, docs/product.md#roles). */
  onScopeCity?: (city: string | null) => void;
}

/**
 * docs/product.md#ticket-list-panel: title by role and filter, status buttons, search, city and date
 * filters, the table (cards under 768 px), pagination and the details dialog. The server does the
 * filtering and paging; the panel asks for one page of 10 at a time.
 */
export function TicketListPanel({ cityOptions, onScopeCity }: TicketListPanelProps) {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const mobile = useIsMobile();
  const role = useAuth((state) => state.user?.role);
  // The controls start as the first page the dashboard's route prefetches.
  const [status, setStatus] = useState<TicketStatusFilter>(FIRST_PAGE.status);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [city, setCity] = useState<string | null>(FIRST_PAGE.city);
  const [date, setDate] = useState<string | null>(FIRST_PAGE.date);
  // The due filter and the order live in the address (`?due=overdue`, `?sort=due`): the dashboard's
  // Overdue card links to them, and a reload keeps them.
  const [searchParams, setSearchParams] = useSearchParams();
  const due = dueFilterOf(searchParams.get(DUE_PARAM));
  const sort = sortOf(searchParams.get(SORT_PARAM));
  // 'Filter by project' lives in the address too (`?project=12`): the project page links to it.
  const projectId = projectFilterOf(searchParams.get(PROJECT_PARAM));
  const setParam = (name: string, value: string | null) =>
    setSearchParams(
      (params) => {
        if (value) params.set(name, value);
        else params.delete(name);
        return params;
      },
      { replace: true },
    );
  const toggleDue = (value: DueFilter) => setParam(DUE_PARAM, due === value ? null : value);
  // A page belongs to the filters it was chosen under: any new filter starts again at page 1.
  const filterKey = JSON.stringify([status, q, city, date, due, sort, projectId]);
  const [paging, setPaging] = useState({ key: filterKey, page: FIRST_PAGE.page });
  const page = paging.key === filterKey ? paging.page : 1;
  const [opened, setOpened] = useState<Ticket | null>(null);
  // `?ticket={id}` (the link of a staff email) opens that ticket's dialog; closing it drops the
  // parameter, so a reload does not open it again.
  const linkedId = opened ? null : linkedTicketId(searchParams.get(LINKED_TICKET_PARAM));
  const closeDialog = () => {
    setOpened(null);
    if (searchParams.has(LINKED_TICKET_PARAM))
      setSearchParams(
        (params) => {
          params.delete(LINKED_TICKET_PARAM);
          return params;
        },
        { replace: true },
      );
  };
  const titleId = useId();

  const list = useTicketPage({ page, status, q, city, date, due, sort, projectId });
  const total = list.data?.total ?? 0;
  const current = clampPage(page, pageCount(total, TICKETS_PAGE_SIZE));
  const scopeCity = list.data?.city ?? null;
  useEffect(() => {
    onScopeCity?.(scopeCity);
  }, [scopeCity, onScopeCity]);

  const tickets = list.data?.tickets ?? [];
  const firstLoad = list.isPending;

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Title order={2} size="h3" id={titleId}>
          {t(ticketListTitle(role, status))}
        </Title>
        <Group gap={6} role="group" aria-label={t('list.statusFilter')}>
          {STATUS_FILTER_OPTIONS.map((option) => (
            <Button
              key={option.value}
              size="xs"
              variant={status === option.value ? 'filled' : 'default'}
              aria-pressed={status === option.value}
              onClick={() => setStatus(option.value)}
            >
              {t(option.label)}
            </Button>
          ))}
        </Group>
        <Group gap="sm" justify="space-between" align="flex-end">
          <Group gap={6} role="group" aria-label={t('list.dueFilter')}>
            {DUE_FILTERS.map((value) => (
              <Button
                key={value}
                size="xs"
                variant={due === value ? 'filled' : 'default'}
                aria-pressed={due === value}
                onClick={() => toggleDue(value)}
              >
                {t(`list.due.${value}`)}
              </Button>
            ))}
          </Group>
          <NativeSelect
            size="xs"
            label={t('list.sortBy')}
            data={[
              { value: '', label: t('list.sort.newest') },
              { value: 'due', label: t('list.sort.due') },
            ]}
            value={sort ?? ''}
            onChange={(event) => setParam(SORT_PARAM, event.currentTarget.value || null)}
          />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          <TextInput
            label={t('list.search')}
            placeholder={t('list.search')}
            type="search"
            leftSection={<SearchIcon size={16} />}
            maxLength={TEXT_LIMITS.search}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
          <Select
            label={t('list.cityFilter')}
            placeholder={t('list.allCities')}
            data={[...cityOptions]}
            value={city}
            onChange={setCity}
            clearable
            searchable
            nothingFoundMessage={t('list.empty')}
          />
          <ProjectFilter
            value={projectId}
            onChange={(id) => setParam(PROJECT_PARAM, id === null ? null : String(id))}
          />
          <DateFilter
            label={t('list.dateFilter')}
            placeholder={t('list.datePlaceholder')}
            clearLabel={t('list.clearDate')}
            previousMonth={t('list.previousMonth')}
            nextMonth={t('list.nextMonth')}
            value={date}
            onChange={setDate}
          />
        </SimpleGrid>
        {list.error ? (
          <Alert color="red" variant="light" role="alert">
            <Group justify="space-between" gap="sm">
              <Text size="sm">{errorText(t, list.error)}</Text>
              <Button size="xs" color="red.9" variant="outline" onClick={() => void list.refetch()}>
                {t('list.retry')}
              </Button>
            </Group>
          </Alert>
        ) : (
          <Box pos="relative" mih={firstLoad ? 160 : undefined}>
            <LoadingOverlay
              visible={list.isFetching}
              overlayProps={{ blur: 1 }}
              loaderProps={{ role: 'status', 'aria-label': t('list.loading') }}
            />
            {!firstLoad && tickets.length === 0 ? (
              <Text ta="center" c="gray.7" py="xl">
                {t('list.empty')}
              </Text>
            ) : mobile ? (
              <TicketCards tickets={tickets} onView={setOpened} />
            ) : (
              <TicketTable tickets={tickets} onView={setOpened} />
            )}
            {!firstLoad && (
              <TicketPagination
                page={current}
                total={total}
                totalIsLowerBound={list.data?.totalIsLowerBound ?? false}
                mobile={mobile}
                onPage={(next) => setPaging({ key: filterKey, page: next })}
              />
            )}
          </Box>
        )}
      </Stack>
      {/* An action invalidates the lists: this page is asked for again and the row updates. */}
      <TicketDetailsDialog ticket={opened} ticketId={linkedId} onClose={closeDialog} />
    </Paper>
  );
}
