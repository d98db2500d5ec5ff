/**
 * The common catalogues of every language at once, for a server that writes pages in the
 * visitor's language (the api's pages of the form posted without scripts, ADR 0035). Browsers
 * load the other languages on demand instead (./index.ts), so no bundle imports this file.
 */
import { commonEn } from './common.en';
import { commonHi } from './common.hi';
import { commonMr } from './common.mr';

export const COMMON_CATALOGUES = { en: commonEn, hi: commonHi, mr: commonMr } as const;
