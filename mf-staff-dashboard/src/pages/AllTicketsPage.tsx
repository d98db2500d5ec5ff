import { Button, Container, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { citiesOf, useCityStats } from '../api/useCityStats';
import { SampleTickets } from '../features/previews/components/SampleTickets';
import { TicketListPanel } from '../features/tickets/components/TicketListPanel';
import { STAFF_DASHBOARD_NS } from '../i18n';

/**
 * /all-tickets and /ticket (docs/product.md#placeholder-screens: the same list screen). The live ticket list panel of the
 * dashboard with 'Add new +' to /add-ticket, and below it the product's sample ticket cards, marked
 * as a preview.
 */
export default function AllTicketsPage() {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const cityStats = useCityStats();
  return (
    <Container size="xl" py="lg" px={{ base: 'xs', sm: 'md' }}>
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1}>{t('allTickets.title')}</Title>
          <Button component={Link} to="/add-ticket">
            {t('allTickets.addNew')}
          </Button>
        </Group>
        <TicketListPanel cityOptions={citiesOf(cityStats.data)} />
        <SampleTickets />
      </Stack>
    </Container>
  );
}
