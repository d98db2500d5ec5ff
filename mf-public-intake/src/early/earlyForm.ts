/**
 * The few lines that make /add-ticket's prerendered form behave like the live one before the
 * public bundle has arrived (ADR 0036). The page loads this file (a few hundred bytes, cached for
 * good) just before the frame's Submit Ticket button, so no click can reach the button before it:
 *
 * - Mobile No takes digits only, at most 10, as the live field does (typed or pasted);
 * - a click on Submit Ticket (or Enter in a field) is held, marked on the frame, and honoured by
 *   the live form when it takes over (src/lib/prerendered.ts): validated there, sent once;
 * - if the bundle cannot run (a file failed, a blocked script), the form is left to post as it
 *   is: the api answers the form without scripts (ADR 0035). A click already held is posted then.
 *
 * The city, committee and file need nothing here: the hand-off carries them to the live form.
 * Built by prerender.tsx with esbuild (no webpack runtime); only the one rule is imported.
 */
import { sanitiseMobileInput } from 'shared-contracts/contracts';
import { BUNDLE_STARTED, PRERENDERED_ID, SUBMIT_REQUESTED } from './earlyFormMarks';

const frame = () => document.getElementById(PRERENDERED_ID);
let bundleFailed = false;

function restrictMobile(field: EventTarget | null) {
  if (!(field instanceof HTMLInputElement) || field.name !== 'mobile' || !frame()?.contains(field)) return;
  const clean = sanitiseMobileInput(field.value);
  if (clean !== field.value) field.value = clean;
}

/** Posts the held submit as the page's own form (the live form will never come). */
function postAsItIs() {
  bundleFailed = true;
  const root = frame();
  if (root?.dataset[SUBMIT_REQUESTED] !== 'true') return;
  root.querySelector('form')?.requestSubmit();
}

document.addEventListener('input', (event) => restrictMobile(event.target), true);

document.addEventListener(
  'click',
  (event) => {
    const root = frame();
    const button = event.target instanceof Element ? event.target.closest('button[type="submit"]') : null;
    if (bundleFailed || !root || !button || !root.contains(button)) return;
    event.preventDefault();
    root.dataset[SUBMIT_REQUESTED] = 'true';
    button.setAttribute('aria-busy', 'true');
  },
  true,
);

// A file of the bundle that fails to load reports here (capture: load errors do not bubble).
window.addEventListener(
  'error',
  (event) => {
    const target = event.target;
    if (target instanceof HTMLScriptElement && target.src.includes('/public/')) postAsItIs();
  },
  true,
);

// The bundle marks the page as soon as it runs; a page loaded without that mark has no bundle
// coming (its files failed before this script could listen).
window.addEventListener('load', () => {
  if (document.documentElement.dataset[BUNDLE_STARTED] !== 'true') postAsItIs();
});
