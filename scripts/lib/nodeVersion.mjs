// The project runs on Node 24 (ADR 0047): the `node` dev dependency puts its pinned binary first
// on the PATH of every npm script. A script started by the machine's own `node` (often 20)
// would build, test or serve on another runtime than production's; it stops here instead.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './apps.mjs';

export const REQUIRED_MAJOR = 24;

/** The Node version the root package.json pins as its `node` dev dependency. */
export function pinnedNodeVersion() {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  return pkg.devDependencies.node;
}

/** Exits with a clear message unless this process runs on Node 24. */
export function requireNode24() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= REQUIRED_MAJOR) return;
  console.error(
    `This is Node ${process.versions.node}; the help desk runs on Node ${REQUIRED_MAJOR}. ` +
      `Run it through npm (\`npm install\`, then \`npm start\` or \`npm test\`): npm puts the pinned ` +
      `Node ${pinnedNodeVersion()} from node_modules/.bin first on the PATH of its scripts.`,
  );
  process.exit(1);
}
