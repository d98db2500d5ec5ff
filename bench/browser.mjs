// The one Chromium launch of the browser benchmarks: Debian's chromium (CHROMIUM_PATH to
// override) with the flags this machine's closed network and sandbox need, as the e2e suite's
// (e2e/support/browser.ts): no first-run, no background calls, no QUIC.
import { chromium } from 'playwright-core';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}
