import { TestEnvironment } from 'jest-environment-node';

// Packages jest cannot load inside its sandbox on node 20 (they need --experimental-vm-modules or
// require() of ESM, which plain node has): PGlite loads its wasm and node's fs with dynamic import();
// swagger-ui's static file server and fastify.inject (cookie, set-cookie-parser) require() packages
// that are ESM only; email-reply-parser (replies by email) is ESM only. Keep in step with the mocks in testApp.ts.
const packagesLoadedOutsideSandbox = [
  '@electric-sql/pglite',
  '@fastify/swagger-ui',
  'cookie',
  'set-cookie-parser',
  'email-reply-parser',
];

/**
 * The jest environment of api tests: node's, plus the packages above loaded by plain node (this
 * file is) and handed in; testApp.ts mocks each package with its copy. The api project of the root
 * jest.config.js uses it for every api test.
 */
export default class ApiTestEnvironment extends TestEnvironment {
  override async setup(): Promise<void> {
    await super.setup();
    this.global.__loadedOutsideSandbox = Object.fromEntries(
      packagesLoadedOutsideSandbox.map((name) => [name, require(name)]),
    );
  }
}
