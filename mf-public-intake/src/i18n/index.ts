import { registerCatalogue, registerCatalogueLoader } from 'shared-contracts';
import { publicIntakeEn } from './en';

export const PUBLIC_INTAKE_NS = 'publicIntake';
registerCatalogue(PUBLIC_INTAKE_NS, 'en', publicIntakeEn);
// Hindi and Marathi are fetched only when chosen (ADR 0025): a first visit downloads English only.
registerCatalogueLoader(PUBLIC_INTAKE_NS, (language) =>
  language === 'hi'
    ? import(/* webpackChunkName: "i18n-hi-publicIntake" */ './hi').then((module) => module.publicIntakeHi)
    : import(/* webpackChunkName: "i18n-mr-publicIntake" */ './mr').then((module) => module.publicIntakeMr),
);
