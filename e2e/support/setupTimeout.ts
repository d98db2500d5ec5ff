// Browser tests wait for pages, builds and the api: 120 s each unless a file sets its own. The
// bound only catches a hang; it is twice a page's wait (60 s, e2e/support/browser.ts) so that a
// step slowed by a machine busy on both cores fails with the step's own message, not jest's.
jest.setTimeout(120_000);
