/**
 * The framework-free part of shared-contracts: constants, schemas, domain rules, the workflow
 * table and the api's path table. No React, no browser globals, no store: what the api (Node)
 * needs. The package root re-exports all of it, plus the client, the store and the UI.
 */
export * from './api/paths';
export * from './constants';
export * from './i18n/text';
export * from './routing/sitePaths';
export * from './rules';
export * from './schemas';
export * from './workflow';
