import {
  Alert,
  Button,
  Card,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AUDIT_ACTIONS,
  AUDIT_PAGE_SIZE,
  type AuditEntry,
  type AuditFilter,
  formatWhen,
  pageCount,
  roleLabel,
  say,
  ticketIdDisplay,
  toApiError,
} from 'shared-contracts';
import { QueryFrame } from '../../../components/QueryFrame';
import { USER_ADMIN_NS } from '../../../i18n';
import { downloadAuditCsv } from '../api/downloadAuditCsv';
import { useAuditTrail } from '../api/useAuditTrail';
import {
  ACTION_KEYS,
  type AuditFilterForm,
  apiTokenIdOf,
  detailText,
  EMPTY_FILTER,
  filterOf,
} from '../rules/auditLabels';

function Who({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation(USER_ADMIN_NS);
  if (entry.actorUserId !== null) {
    const name = entry.actorName ?? t('audit.unknownUser', { id: entry.actorUserId });
    return (
      <>
        {name}
        <Text component="span" size="xs" c="gray.7" display="block">
          {t('audit.userRef', { id: entry.actorUserId })}
          {entry.actorRole ? ` · ${say(t, roleLabel(entry.actorRole))}` : ''}
        </Text>
      </>
    );
  }
  const tokenId = apiTokenIdOf(entry.actorKey);
  if (tokenId) return <>{t('audit.apiTokenRef', { id: tokenId })}</>;
  if (entry.actorKey) return <>{t('audit.linkKey', { key: entry.actorKey })}</>;
  return <>{t('audit.nobody')}</>;
}

function Target({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation(USER_ADMIN_NS);
  return (
    <>
      {entry.targetType === 'ticket'
        ? t('audit.ticketRef', { id: ticketIdDisplay(entry.targetId) })
        : entry.targetType === 'api_token'
          ? t('audit.apiTokenRef', { id: entry.targetId })
          : entry.targetType === 'webhook'
            ? t('audit.webhookRef', { id: entry.targetId })
            : t('audit.userRef', { id: entry.targetId })}
    </>
  );
}

/**
 * The audit trail (docs/security.md "Audit trail"): who read members' contact details, downloaded
 * files, acted on tickets, changed accounts and replaced private links, from which address and
 * when. Filters by actor, action, ticket, user and days; pages of AUDIT_PAGE_SIZE, newest first;
 * the CSV export takes the same filters.
 */
export function AuditTrail() {
  const { t } = useTranslation(USER_ADMIN_NS);
  const titleId = useId();
  const [filter, setFilter] = useState<AuditFilter>({});
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const trail = useAuditTrail({ ...filter, page, pageSize: AUDIT_PAGE_SIZE });
  const form = useForm<AuditFilterForm>({ initialValues: EMPTY_FILTER });

  const apply = (values: AuditFilterForm) => {
    setFilter(filterOf(values));
    setPage(1);
  };
  const clear = () => {
    form.setValues(EMPTY_FILTER);
    apply(EMPTY_FILTER);
  };
  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      await downloadAuditCsv(filter);
    } catch (error) {
      setExportError(toApiError(error).message);
    } finally {
      setExporting(false);
    }
  };

  // Not an admin after all (the api decides): the page's overview says so; nothing to show here.
  if (trail.error?.status === 403) return null;

  const total = trail.data?.total ?? 0;
  const pages = Math.max(1, pageCount(total, AUDIT_PAGE_SIZE));
  const entries = trail.data?.entries ?? [];

  return (
    <Card withBorder padding="md" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id={titleId}>
            {t('audit.title')}
          </Title>
          <Text size="sm" c="gray.7">
            {t('audit.intro')}
          </Text>
        </div>
        <form onSubmit={form.onSubmit(apply)} aria-label={t('audit.filters')}>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
            <TextInput label={t('audit.actor')} inputMode="numeric" {...form.getInputProps('actor')} />
            <NativeSelect
              label={t('audit.actionFilter')}
              data={[
                { value: '', label: t('audit.allActions') },
                ...AUDIT_ACTIONS.map((action) => ({ value: action, label: t(ACTION_KEYS[action]) })),
              ]}
              {...form.getInputProps('action')}
            />
            <TextInput label={t('audit.ticket')} inputMode="numeric" {...form.getInputProps('ticket')} />
            <TextInput label={t('audit.user')} inputMode="numeric" {...form.getInputProps('user')} />
            <TextInput label={t('audit.from')} type="date" {...form.getInputProps('from')} />
            <TextInput label={t('audit.to')} type="date" {...form.getInputProps('to')} />
          </SimpleGrid>
          <Group gap="sm" mt="sm" wrap="wrap">
            <Button type="submit">{t('audit.apply')}</Button>
            <Button variant="default" onClick={clear}>
              {t('audit.clear')}
            </Button>
            <Button variant="light" onClick={() => void exportCsv()} loading={exporting}>
              {t('audit.export')}
            </Button>
          </Group>
        </form>
        {exportError && (
          <Alert color="red" variant="light" role="alert">
            {t('audit.exportFailed', { message: exportError })}
          </Alert>
        )}
        <QueryFrame
          query={trail}
          loadFailed={t('audit.loadFailed')}
          retryLabel={t('audit.retry')}
          loadingLabel={t('audit.loading')}
        >
          {entries.length === 0 ? (
            !trail.error && <Text c="gray.7">{t('audit.empty')}</Text>
          ) : (
            // On a phone the table scrolls sideways: its scrolling box takes the focus, so a keyboard can scroll it.
            <Table.ScrollContainer
              minWidth={760}
              scrollAreaProps={{
                viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('audit.tableLabel') },
              }}
            >
              <Table aria-label={t('audit.tableLabel')} fz="sm" verticalSpacing={6} striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('audit.columns.when')}</Table.Th>
                    <Table.Th>{t('audit.columns.who')}</Table.Th>
                    <Table.Th>{t('audit.columns.address')}</Table.Th>
                    <Table.Th>{t('audit.columns.action')}</Table.Th>
                    <Table.Th>{t('audit.columns.target')}</Table.Th>
                    <Table.Th>{t('audit.columns.detail')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {entries.map((entry) => (
                    <Table.Tr key={entry.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {formatWhen(entry.at, 'dateTimeSeconds')}
                      </Table.Td>
                      <Table.Td>
                        <Who entry={entry} />
                      </Table.Td>
                      <Table.Td>{entry.clientAddress ?? ''}</Table.Td>
                      <Table.Td>{t(ACTION_KEYS[entry.action])}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Target entry={entry} />
                      </Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{detailText(entry)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </QueryFrame>
        {total > 0 && (
          <Group component="nav" aria-label={t('audit.pages')} justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm" c="gray.7">
              {t('audit.pageOf', { page, pages, total })}
            </Text>
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                disabled={page <= 1 || trail.isFetching}
                onClick={() => setPage(page - 1)}
              >
                {t('audit.previous')}
              </Button>
              <Button
                size="xs"
                variant="default"
                disabled={page >= pages || trail.isFetching}
                onClick={() => setPage(page + 1)}
              >
                {t('audit.next')}
              </Button>
            </Group>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
