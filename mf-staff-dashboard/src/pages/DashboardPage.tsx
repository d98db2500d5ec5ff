import { Container, Stack, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import { dashboardTitle, isCityLocked, useAuth } from 'shared-contracts';
import { citiesOf, useCityStats } from '../api/useCityStats';
import { useTicketStats } from '../features/dashboard/api/useTicketStats';
import { CityChartPanel } from '../features/dashboard/components/CityChartPanel';
import { RoleInfoCard } from '../features/dashboard/components/RoleInfoCard';
import { StatCards } from '../features/dashboard/components/StatCards';
import { TicketListPanel } from '../features/tickets/components/TicketListPanel';

/**
 * Spec §2 Dashboard: the title by role, the four stat cards, the ticket list panel, the chart by
 * city and the information card. Three calls in parallel (card counts, city counts, the first
 * page of 10): nothing on this page ever loads more than one page of tickets.
 */
export default function DashboardPage() {
  // Role and city come from the one shared auth store the shell signs users into.
  const user = useAuth((state) => state.user);
  const stats = useTicketStats();
  const cityStats = useCityStats();
  const [listCity, setListCity] = useState<string | null>(null);

  const { reload: reloadStats } = stats;
  const { reload: reloadCityStats } = cityStats;
  // An action changed a ticket: the counts are the database's, so ask for them again.
  const refreshCounts = useCallback(() => {
    reloadStats();
    reloadCityStats();
  }, [reloadStats, reloadCityStats]);

  const scopeCity = isCityLocked(user?.role) ? (listCity ?? user?.city ?? null) : null;

  return (
    <Container size="xl" py="lg" px={{ base: 'xs', sm: 'md' }}>
      <Stack gap="lg">
        <Title order={1}>{dashboardTitle(user?.role)}</Title>
        <StatCards stats={stats.data} error={stats.error} onRetry={stats.reload} />
        <TicketListPanel
          cityOptions={citiesOf(cityStats.data)}
          onTicketUpdated={refreshCounts}
          onScopeCity={setListCity}
        />
        <CityChartPanel
          rows={cityStats.data}
          error={cityStats.error}
          onRetry={cityStats.reload}
          scopeCity={scopeCity}
        />
        <RoleInfoCard />
      </Stack>
    </Container>
  );
}
