import { registerCatalogue, registerCatalogueLoader } from 'shared-contracts';
import { userAdminEn } from './en';

export const USER_ADMIN_NS = 'userAdmin';
registerCatalogue(USER_ADMIN_NS, 'en', userAdminEn);
// Hindi and Marathi are fetched only when chosen (ADR 0025): a first visit downloads English only.
registerCatalogueLoader(USER_ADMIN_NS, (language) =>
  language === 'hi'
    ? import(/* webpackChunkName: "i18n-hi-userAdmin" */ './hi').then((module) => module.userAdminHi)
    : import(/* webpackChunkName: "i18n-mr-userAdmin" */ './mr').then((module) => module.userAdminMr),
);
