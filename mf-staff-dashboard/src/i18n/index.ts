import { registerCatalogue } from 'shared-contracts';
import { staffDashboardEn } from './en';

export const STAFF_DASHBOARD_NS = 'staffDashboard';
registerCatalogue(STAFF_DASHBOARD_NS, 'en', staffDashboardEn);
