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
// The api's alone (no screen reads them yet): kept out of the package root, whose every export
// the first visit of /add-ticket downloads (Module Federation shares the root whole).
export * from './schemas/privacy';
export * from './schemas/projects';
export * from './workflow';
