import path from 'node:path';

// This file runs from api/src (tsx, jest) or bundled into api/dist/server.js: both sit one level
// below the api folder, so these paths hold in development and in the built bundle alike.
export const apiDir = path.resolve(__dirname, '..');
export const repoDir = path.resolve(apiDir, '..');
export const migrationsDir = path.join(apiDir, 'drizzle');
