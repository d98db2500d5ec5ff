import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import {
  errorText,
  formatDateTime,
  type ProjectDetailResponse,
  say,
  statusLabel,
  TICKET_STATUSES,
  ticketIdDisplay,
} from 'shared-contracts';
import { projectDetailQuery } from '../../../api/projects';
import { STAFF_DASHBOARD_NS } from '../../../i18n';
import { projectIdOf, projectListPath, ticketDialogPath } from '../rules/projectLinks';

/**
 * /projects/:id (ADR 0055): one RERA project as the staff member may see it (GET /projects/{id},
 * within the lists' own scope): its facts, its tickets by status, how many are open and overdue,
 * the oldest open one, and links to the list filtered to the project.
 */
export default function ProjectPage() {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const id = projectIdOf(useParams().id);
  const detail = useQuery({ ...projectDetailQuery(id ?? 0), enabled: id !== null });

  return (
    <Container size="lg" py="lg" px={{ base: 'xs', sm: 'md' }}>
      {id === null || detail.error?.status === 404 ? (
        <Stack gap="sm">
          <Title order={1}>{t('projectPage.notFoundTitle')}</Title>
          <Text>{t('projectPage.notFound')}</Text>
          <Anchor component={Link} to="/dashboard">
            {t('projectPage.backToDashboard')}
          </Anchor>
        </Stack>
      ) : detail.error ? (
        <Stack gap="sm">
          <Title order={1}>{t('projectPage.title')}</Title>
          <Alert color="red" variant="light" role="alert">
            <Group justify="space-between" gap="sm">
              <Text size="sm">{t('projectPage.failed', { message: errorText(t, detail.error) })}</Text>
              <Button size="xs" color="red.9" variant="outline" onClick={() => void detail.refetch()}>
                {t('projectPage.retry')}
              </Button>
            </Group>
          </Alert>
        </Stack>
      ) : !detail.data ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">{t('projectPage.loading')}</Text>
        </Group>
      ) : (
        <ProjectDetail detail={detail.data} />
      )}
    </Container>
  );
}

function Figure({ label, value, link }: { label: string; value: number; link?: string }) {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  return (
    <Paper withBorder radius="md" p="md">
      <Text component="dt" size="sm" c="gray.7">
        {label}
      </Text>
      <Text component="dd" m={0}>
        <Text span display="block" fz={28} fw={700}>
          {t('projectPage.count', { count: value })}
        </Text>
        {link && value > 0 && (
          <Anchor component={Link} to={link} size="sm">
            {t('projectPage.showOverdue')}
          </Anchor>
        )}
      </Text>
    </Paper>
  );
}

function ProjectDetail({ detail }: { detail: ProjectDetailResponse }) {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const { project, counts, open, overdue, oldestOpen } = detail;
  const facts = [
    [t('projectPage.reraNumber'), project.reraNumber],
    [t('projectPage.promoter'), project.promoter || t('projectPage.notGiven')],
    [t('projectPage.city'), project.city],
    [t('projectPage.district'), project.district || t('projectPage.notGiven')],
  ] as const;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Text size="sm" c="gray.7">
          {t('projectPage.title')}
        </Text>
        <Title order={1}>{project.name}</Title>
      </Stack>
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" m={0}>
        {facts.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="xs" c="gray.7" fw={600} tt="uppercase">
              {label}
            </Text>
            <Text component="dd" m={0} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <SimpleGrid component="dl" cols={{ base: 1, xs: 3 }} spacing="sm" m={0}>
        <Figure label={t('projectPage.total')} value={counts.total} />
        <Figure label={t('projectPage.open')} value={open} />
        <Figure label={t('projectPage.overdue')} value={overdue} link={projectListPath(project.id, true)} />
      </SimpleGrid>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('projectPage.byStatus')}
        </Title>
        <Table withTableBorder striped maw={420} aria-label={t('projectPage.byStatus')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('projectPage.status')}</Table.Th>
              <Table.Th ta="right">{t('projectPage.tickets')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {TICKET_STATUSES.map((status) => (
              <Table.Tr key={status}>
                <Table.Td>{say(t, statusLabel(status))}</Table.Td>
                <Table.Td ta="right">{t('projectPage.count', { count: counts[status] })}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('projectPage.oldestOpen')}
        </Title>
        {oldestOpen ? (
          <Text size="sm">
            <Anchor component={Link} to={ticketDialogPath(oldestOpen.id)}>
              {ticketIdDisplay(oldestOpen.id)}
            </Anchor>{' '}
            {oldestOpen.title} · {t('projectPage.since', { date: formatDateTime(oldestOpen.createdAt) })} ·{' '}
            {say(t, statusLabel(oldestOpen.status))}
          </Text>
        ) : (
          <Text size="sm" c="gray.7">
            {t('projectPage.noneOpen')}
          </Text>
        )}
      </Stack>
      <Group>
        <Button component={Link} to={projectListPath(project.id)} variant="light">
          {t('projectPage.allTickets')}
        </Button>
      </Group>
    </Stack>
  );
}
