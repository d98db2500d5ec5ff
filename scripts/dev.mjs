// `npm run dev`: the api in watch mode and every app's dev server with hot reload.
// shell :3000, public-intake :3001, staff-dashboard :3002, user-admin :3003, api :4000.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { API, FRONTENDS, ROOT } from './lib/apps.mjs';
import { requireNode24 } from './lib/nodeVersion.mjs';

requireNode24();

const children = [API, ...FRONTENDS].map(({ folder }) =>
  spawn('npm', ['run', 'dev'], { cwd: path.join(ROOT, folder), stdio: 'inherit', env: process.env }),
);
const stopAll = () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
};
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
for (const child of children) child.on('exit', (code) => code && stopAll());
