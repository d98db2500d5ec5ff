import { Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Fragment, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDate, roleLabel, say } from 'shared-contracts';
import { Email } from '../../../components/Email';
import { NotAllowed } from '../../../components/NotAllowed';
import { QueryFrame } from '../../../components/QueryFrame';
import { RoleBadge } from '../../../components/RoleBadge';
import { StatusBadge } from '../../../components/StatusBadge';
import { useIsMobile } from '../../../hooks/useIsMobile';
import { USER_ADMIN_NS } from '../../../i18n';
import type { UserOverview as Overview, RoleCount } from '../api/fetchOverview';
import { useOverview } from '../api/useOverview';

function StatCard({ label, value }: { label: string; value: number }) {
  return (
    <Card component="li" withBorder padding="md" aria-label={label}>
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2}>
        {value}
      </Text>
    </Card>
  );
}

type Counts = Pick<RoleCount, 'accounts' | 'active' | 'inactive'>;

/**
 * Staff accounts by role with their status: a table, or on a phone (where four columns do not
 * fit beside the role names) one line per role.
 */
function RoleCounts({ rows, total, labelledBy }: { rows: RoleCount[]; total: Counts; labelledBy: string }) {
  const { t } = useTranslation(USER_ADMIN_NS);
  const mobile = useIsMobile();
  if (mobile) {
    const line = (label: string, counts: Counts, strong = false) => (
      <Group component="li" justify="space-between" gap="xs" wrap="nowrap" py={6} style={rowRule}>
        <Text size="sm" fw={strong ? 700 : 500}>
          {label}
        </Text>
        <Text size="sm" fw={strong ? 700 : undefined} ta="right">
          {t('activity.roleCount', counts)}
        </Text>
      </Group>
    );
    return (
      <Stack
        component="ul"
        gap={0}
        mt="sm"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-labelledby={labelledBy}
      >
        {rows.map((row) => (
          <Fragment key={row.role}>{line(say(t, roleLabel(row.role)), row)}</Fragment>
        ))}
        {line(t('activity.total'), total, true)}
      </Stack>
    );
  }
  return (
    <Table mt="sm" aria-labelledby={labelledBy} verticalSpacing={6}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('activity.columns.role')}</Table.Th>
          <Table.Th ta="right">{t('activity.columns.accounts')}</Table.Th>
          <Table.Th ta="right">{t('activity.columns.active')}</Table.Th>
          <Table.Th ta="right">{t('activity.columns.inactive')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.role}>
            <Table.Td>{say(t, roleLabel(row.role))}</Table.Td>
            <Table.Td ta="right">{row.accounts}</Table.Td>
            <Table.Td ta="right">{row.active}</Table.Td>
            <Table.Td ta="right">{row.inactive}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th scope="row">{t('activity.total')}</Table.Th>
          <Table.Td ta="right" fw={700}>
            {total.accounts}
          </Table.Td>
          <Table.Td ta="right" fw={700}>
            {total.active}
          </Table.Td>
          <Table.Td ta="right" fw={700}>
            {total.inactive}
          </Table.Td>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}

const rowRule = { borderBottom: '1px solid var(--mantine-color-gray-3)' };

function formatDay(iso: string | undefined): string | null {
  return formatDate(iso) || null;
}

function OverviewContent({ overview }: { overview: Overview }) {
  const { t } = useTranslation(USER_ADMIN_NS);
  const staffTotal = overview.staff.reduce((sum, row) => sum + row.accounts, 0);
  const staffActive = overview.staff.reduce((sum, row) => sum + row.active, 0);
  const staffInactive = staffTotal - staffActive;
  const byRoleTitle = useId();
  const newestTitle = useId();
  return (
    <Stack gap="lg">
      <SimpleGrid
        component="ul"
        cols={{ base: 2, sm: 4 }}
        spacing="md"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        <StatCard label={t('activity.cards.all')} value={overview.total} />
        <StatCard label={t('activity.cards.staff')} value={staffTotal} />
        <StatCard label={t('activity.cards.inactiveStaff')} value={staffInactive} />
        <StatCard label={t('activity.cards.members')} value={overview.members} />
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder padding="md">
          <Title order={2} size="h4" id={byRoleTitle}>
            {t('activity.byRole')}
          </Title>
          <RoleCounts
            rows={overview.staff}
            total={{ accounts: staffTotal, active: staffActive, inactive: staffInactive }}
            labelledBy={byRoleTitle}
          />
          <Text size="sm" c="gray.7" mt="sm">
            {t('activity.membersNote')}
          </Text>
        </Card>

        <Card withBorder padding="md">
          <Title order={2} size="h4" id={newestTitle}>
            {t('activity.newest')}
          </Title>
          {overview.newest.length === 0 ? (
            <Text c="gray.7" mt="sm">
              {t('activity.newestEmpty')}
            </Text>
          ) : (
            <Stack
              component="ul"
              gap="sm"
              mt="sm"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-labelledby={newestTitle}
            >
              {overview.newest.map((user) => {
                const day = formatDay(user.createdAt);
                return (
                  <li key={user.id}>
                    <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                      <div style={{ minWidth: 0 }}>
                        <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                          {user.fullName}
                        </Text>
                        <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                          <Email address={user.email} />
                          {user.city ? ` · ${user.city}` : ''}
                        </Text>
                        {day && (
                          <Text size="xs" c="gray.7">
                            {t('activity.added', { date: day })}
                          </Text>
                        )}
                      </div>
                      <Group
                        gap={4}
                        justify="flex-end"
                        wrap="wrap"
                        style={{ flexShrink: 0, maxWidth: '50%' }}
                      >
                        <RoleBadge role={user.role} />
                        <StatusBadge active={user.isActive} />
                      </Group>
                    </Group>
                  </li>
                );
              })}
            </Stack>
          )}
        </Card>
      </SimpleGrid>
    </Stack>
  );
}

/**
 * /activity, the Users page of the admin menu (docs/architecture.md#federation-contract): an overview of the accounts
 * with a way into User Management. The api has no activity data, so there is no activity feed.
 */
export function UserOverview() {
  const { t } = useTranslation(USER_ADMIN_NS);
  const overview = useOverview();
  if (overview.error?.status === 403) return <NotAllowed />;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="sm">
        <Text c="gray.7">{t('activity.intro')}</Text>
        <Button component={Link} to="/users">
          {t('activity.manage')}
        </Button>
      </Group>
      <QueryFrame
        query={overview}
        loadFailed={t('activity.loadFailed')}
        retryLabel={t('activity.retry')}
        loadingLabel={t('activity.loading')}
      >
        {overview.data && <OverviewContent overview={overview.data} />}
      </QueryFrame>
      <Text size="sm" c="gray.7">
        {t('activity.noHistory')}
      </Text>
    </Stack>
  );
}
