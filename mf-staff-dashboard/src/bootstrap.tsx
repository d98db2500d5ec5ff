// Standalone page of this remote, for working on it alone (`npm run dev -w mf-staff-dashboard`).
// In the suite the shell renders the providers and mounts ./exposes/routes instead.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { mountStandalone } from 'shared-contracts';
import pages from './exposes/routes';

mountStandalone('staffDashboard', pages);
