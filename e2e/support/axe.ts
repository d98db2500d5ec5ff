/**
 * Accessibility check with axe-core, run inside the page. Only violations of impact serious or
 * critical fail a test; the rest is for reading in the failure message.
 */
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

const AXE_SCRIPT = require.resolve('axe-core/axe.min.js');
/**
 * The site's CSP (`script-src 'self'`, nginx.conf) refuses inline scripts, which is what
 * `addScriptTag({ path })` writes. So the test serves axe from the page's own origin under a path
 * nothing else uses and adds it by URL: the CSP stays on for the app under test.
 */
const AXE_URL_PATH = '/__e2e__/axe.min.js';

async function injectAxe(page: Page): Promise<void> {
  if (await page.evaluate(() => 'axe' in window)) return;
  await page.route(`**${AXE_URL_PATH}`, (route) =>
    route.fulfill({ path: AXE_SCRIPT, contentType: 'application/javascript' }),
  );
  await page.addScriptTag({ url: AXE_URL_PATH });
}

/**
 * Colours are judged as they end up, not halfway through a fade or a pressed-button transition
 * (on a busy machine axe otherwise measures mid-animation colours). Transitions are switched off
 * for the rest of the page's life and the page gets two frames to repaint.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
  await page.mouse.move(0, 0); // no hover or pressed state left on the last clicked button
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

export interface Violation {
  id: string;
  impact: string | null | undefined;
  help: string;
  nodes: { target: string; summary: string | undefined }[];
}

export interface AxeScope {
  /** CSS selectors of parts of the page to leave out (e.g. another team's content). */
  exclude?: string[];
}

/** Runs axe on the page and returns every violation (critical and serious first). */
export async function axeViolations(page: Page, { exclude = [] }: AxeScope = {}): Promise<Violation[]> {
  await injectAxe(page);
  await settleAnimations(page);
  const violations = await page.evaluate(async (excluded) => {
    type Context = Document | { include: string[][]; exclude: string[][] };
    const { axe } = window as unknown as { axe: { run: (context: Context) => Promise<AxeResults> } };
    const context: Context = excluded.length
      ? { include: [['html']], exclude: excluded.map((selector) => [selector]) }
      : document;
    const results = await axe.run(context);
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({ target: node.target.join(' '), summary: node.failureSummary })),
    }));
  }, exclude);
  const order = ['critical', 'serious', 'moderate', 'minor'];
  const rank = (impact: string | null | undefined) => order.indexOf(impact ?? 'minor');
  return violations.sort((a, b) => rank(a.impact) - rank(b.impact));
}

/** The violations a test must not have: impact serious or critical. */
export async function seriousViolations(page: Page, scope: AxeScope = {}): Promise<Violation[]> {
  return (await axeViolations(page, scope)).filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
}

/**
 * The screen as a test leaves it: no serious or critical axe violation, and nothing wider than the
 * window. A toast still fading in has a see-through text colour: axe would rate that frame, not
 * the toast, so the check waits for every alert to be shown in full.
 */
export async function expectAccessible(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[role="alert"]')].every(
      (toast) =>
        getComputedStyle(toast).opacity === '1' &&
        toast.getAnimations({ subtree: true }).every((animation) => animation.playState !== 'running'),
    ),
  );
  expect(await seriousViolations(page)).toEqual([]);
  const [scrollWidth, width] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scrollWidth).toBeLessThanOrEqual(width);
}
