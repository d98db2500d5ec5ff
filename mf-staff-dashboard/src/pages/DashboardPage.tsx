import { Container, Title } from '@mantine/core';
import { dashboardTitle, useAuth } from 'shared-contracts';

export default function DashboardPage() {
  // The role comes from the one shared auth store the shell signs users into.
  const role = useAuth((state) => state.user?.role);
  return (
    <Container size="xl" py="lg">
      <Title order={1}>{dashboardTitle(role)}</Title>
    </Container>
  );
}
