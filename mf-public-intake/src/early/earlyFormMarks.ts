/**
 * What the early form script (earlyForm.ts) and the public bundle tell each other, on the page
 * itself: no globals, no imports of the bundle into the early script.
 */

/** The prerendered frame's element: `<div id="prerendered">` before `#root`. */
export const PRERENDERED_ID = 'prerendered';
/** On the frame (`data-submit-requested`): Submit Ticket was clicked before the live form took over. */
export const SUBMIT_REQUESTED = 'submitRequested';
/** On `<html>` (`data-bundle-started`): the public bundle runs, the live form is coming. */
export const BUNDLE_STARTED = 'bundleStarted';
