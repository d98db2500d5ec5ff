/**
 * `react` in the public bundle (ADR 0075): Preact's compatibility layer, plus what it lacks of
 * React 19.2 that @mantine/core imports. `Activity` is used by Mantine only for content kept
 * mounted while hidden (`keepMounted` on Transition, Collapse, Tabs, Stepper, Tree), which no
 * public page uses: here hidden content is simply not rendered (never shown by mistake).
 * Plain JavaScript: only webpack's alias reads it (the types are React's).
 */
export * from 'preact/compat';
export { default } from 'preact/compat';

export function Activity({ mode, children }) {
  return mode === 'hidden' ? null : children;
}
