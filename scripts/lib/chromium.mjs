// The flags Chromium needs on these machines (closed network, a sandbox-less container): no
// first-run, no background calls, no QUIC. The end-to-end tests and the browser benchmarks launch
// Debian's chromium with them.
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
