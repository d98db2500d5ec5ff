import { registerCatalogue, registerCatalogueLoader } from 'shared-contracts';
import { shellEn } from './en';

export const SHELL_NS = 'shell';
registerCatalogue(SHELL_NS, 'en', shellEn);
// Hindi and Marathi are fetched only when chosen (ADR 0025): a first visit downloads English only.
registerCatalogueLoader(SHELL_NS, (language) =>
  language === 'hi'
    ? import(/* webpackChunkName: "i18n-hi-shell" */ './hi').then((module) => module.shellHi)
    : import(/* webpackChunkName: "i18n-mr-shell" */ './mr').then((module) => module.shellMr),
);
