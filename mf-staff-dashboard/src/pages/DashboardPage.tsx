import { Container, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { normaliseRole, ticketStatsQuery, useAuth } from 'shared-contracts';
import { citiesOf, useCityStats } from '../api/useCityStats';
import { AppealsPanel } from '../features/appeals/components/AppealsPanel';
import { CityChartPanel } from '../features/dashboard/components/CityChartPanel';
import { RoleInfoCard } from '../features/dashboard/components/RoleInfoCard';
import { StatCards } from '../features/dashboard/components/StatCards';
import { isCityLocked } from '../features/dashboard/rules/cityDropdown';
import { dashboardTitle } from '../features/dashboard/rules/dashboardTitle';
import { OverdueCard } from '../features/tickets/components/OverdueCard';
import { TicketListPanel } from '../features/tickets/components/TicketListPanel';
import { PROJECT_PARAM, projectFilterOf } from '../features/tickets/rules/projectFilter';
import { STAFF_DASHBOARD_NS } from '../i18n';

/**
 * docs/product.md#dashboard: the title by role, the four stat cards, the ticket list panel, the chart by
 * city and the information card; the cards and the chart follow the list's project filter. Three
 * calls in parallel (card counts, city counts, the first page of 10): nothing on this page ever
 * loads more than one page of tickets. The route starts them with the download of this page (`exposes/routes.tsx`); an action on a ticket invalidates
 * the counts, so they are asked for again (ADR 0012).
 */
export default function DashboardPage() {
  // Role and city come from the one shared auth store the shell signs users into.
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const user = useAuth((state) => state.user);
  // The list's project filter narrows the cards and the chart too (one project's tickets).
  const [searchParams] = useSearchParams();
  const projectId = projectFilterOf(searchParams.get(PROJECT_PARAM));
  const stats = useQuery(ticketStatsQuery(projectId));
  const cityStats = useCityStats();
  const chartStats = useCityStats(projectId);
  const [listCity, setListCity] = useState<string | null>(null);

  const scopeCity = isCityLocked(user?.role) ? (listCity ?? user?.city ?? null) : null;

  return (
    <Container size="xl" py="lg" px={{ base: 'xs', sm: 'md' }}>
      <Stack gap="lg">
        <Title order={1}>{t(dashboardTitle(user?.role))}</Title>
        <StatCards stats={stats.data} error={stats.error ?? undefined} onRetry={() => void stats.refetch()} />
        <OverdueCard />
        {/* The association president decides the members' appeals (docs/architecture.md#the-members-last-word). */}
        {normaliseRole(user?.role) === 'credaipresident' && <AppealsPanel />}
        <TicketListPanel cityOptions={citiesOf(cityStats.data)} onScopeCity={setListCity} />
        <CityChartPanel
          rows={chartStats.data}
          error={chartStats.error ?? undefined}
          onRetry={() => void chartStats.refetch()}
          scopeCity={scopeCity}
        />
        <RoleInfoCard />
      </Stack>
    </Container>
  );
}
