import { registerCatalogue, registerCatalogueLoader } from 'shared-contracts';
import { staffDashboardEn } from './en';

export const STAFF_DASHBOARD_NS = 'staffDashboard';
registerCatalogue(STAFF_DASHBOARD_NS, 'en', staffDashboardEn);
// Hindi and Marathi are fetched only when chosen (ADR 0025): a first visit downloads English only.
registerCatalogueLoader(STAFF_DASHBOARD_NS, (language) =>
  language === 'hi'
    ? import(/* webpackChunkName: "i18n-hi-staffDashboard" */ './hi').then(
        (module) => module.staffDashboardHi,
      )
    : import(/* webpackChunkName: "i18n-mr-staffDashboard" */ './mr').then(
        (module) => module.staffDashboardMr,
      ),
);
