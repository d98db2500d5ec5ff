// The one Chromium launch of the browser benchmarks: Debian's chromium (CHROMIUM_PATH to
// override) with the flags of the e2e suite (scripts/lib/chromium.mjs).
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../scripts/lib/chromium.mjs';

/** `args`: flags of one benchmark on top of the suite's (a trusted certificate's key, …). */
export function launchChromium(args = []) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, ...args],
  });
}
