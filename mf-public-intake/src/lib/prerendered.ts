/**
 * A public route's HTML may carry its page's first frame, prerendered at build time
 * (`<div id="prerendered">` before `#root`, which its stylesheet hides meanwhile). The shell
 * mounts as usual into the hidden #root; once the live page (or the remote's fallback) has
 * rendered, this removes the frame, so #root shows in the same place, with no blank in between.
 * Whatever the visitor already did in the frame is carried over: what was typed, the city and
 * committee chosen, the file, the focus, and a click on Submit Ticket held by the early form
 * script (src/early/earlyForm.ts, ADR 0036), which the live form then honours once.
 */
import { useSyncExternalStore } from 'react';
import { CITY_PRESIDENT_ATTRIBUTE, isLanguage, LANGUAGE_FIELD, setLanguage } from 'shared-contracts';
import { PRERENDERED_ID, SUBMIT_REQUESTED } from '../early/earlyFormMarks';

export { PRERENDERED_ID };

/** The frame's selects whose choice the live form keeps (their options are the live ones too). */
const CARRIED_SELECTS = ['cityId', 'committeeId'];

let submitQueued = false;
const listeners = new Set<() => void>();

/** True while a submit clicked in the frame waits for the live form (useQueuedSubmit). */
export function useQueuedSubmit(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => submitQueued,
    // Prerendered: nothing is queued yet.
    () => false,
  );
}

/** The live form takes the queued submit (once). */
export function takeQueuedSubmit(): boolean {
  const queued = submitQueued;
  submitQueued = false;
  if (queued) for (const listener of listeners) listener();
  return queued;
}

function queueSubmit(): void {
  submitQueued = true;
  for (const listener of listeners) listener();
}

/** The options of one of the frame's selects that name a record (a numeric value). */
function frameOptions(doc: Document, name: string): HTMLOptionElement[] {
  const select = doc.querySelector<HTMLSelectElement>(`#${PRERENDERED_ID} select[name="${name}"]`);
  return [...(select?.options ?? [])].filter((option) => /^\d+$/.test(option.value));
}

/**
 * The options of the frame's city and committee selects (the current lists, included by the
 * front door, ADR 0035), or null for a list the frame does not carry.
 */
export function prerenderedOptions(
  doc: Document = document,
): Record<'cities' | 'committees', { id: number; name: string }[] | null> {
  const listOf = (name: string) => {
    const options = frameOptions(doc, name).map((option) => ({
      id: Number(option.value),
      name: option.text,
    }));
    return options.length > 0 ? options : null;
  };
  return { cities: listOf('cityId'), committees: listOf('committeeId') };
}

/**
 * The City President the front door named on each of the frame's city options (ADR 0081), by
 * city id: a city without one is absent (its lookup then says whether it has one).
 */
export function prerenderedPresidents(doc: Document = document): Map<string, string> {
  return new Map(
    frameOptions(doc, 'cityId').flatMap((option) => {
      const president = option.getAttribute(CITY_PRESIDENT_ATTRIBUTE);
      return president === null ? [] : [[option.value, president] as const];
    }),
  );
}

type Field = HTMLInputElement | HTMLTextAreaElement;

const isTypedField = (element: Element): element is Field =>
  (element instanceof HTMLTextAreaElement ||
    (element instanceof HTMLInputElement &&
      !['file', 'hidden', 'button', 'submit', 'checkbox', 'radio'].includes(element.type))) &&
  Boolean(element.name) &&
  !element.readOnly;

/** Sets a field's value the way typing does, so React's onChange sees it. */
function typeInto(field: Field, value: string): void {
  const prototype =
    field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

export function handOffPrerendered(doc: Document = document): void {
  const frame = doc.getElementById(PRERENDERED_ID);
  const root = doc.getElementById('root');
  if (!frame || !root) return;
  const typed = [...frame.querySelectorAll('input, textarea')]
    .filter(isTypedField)
    .filter((field) => field.value !== '')
    .map((field) => ({ name: field.name, value: field.value }));
  const ticked = [...frame.querySelectorAll<HTMLInputElement>('input[type="checkbox"]:checked')]
    .map((box) => box.name)
    .filter(Boolean);
  // A language picked in the frame (it is prerendered in English) switches the live page.
  const picked = frame.querySelector<HTMLSelectElement>(`select[name="${LANGUAGE_FIELD}"]`)?.value;
  const chosen = CARRIED_SELECTS.map((name) => ({
    name,
    value: frame.querySelector<HTMLSelectElement>(`select[name="${name}"]`)?.value ?? '',
  })).filter((select) => select.value !== '');
  const files = frame.querySelector<HTMLInputElement>('input[type="file"]')?.files ?? null;
  const submitRequested = frame.dataset[SUBMIT_REQUESTED] === 'true';
  const active = doc.activeElement;
  const focused = active && frame.contains(active) && isTypedField(active) ? active.name : null;
  frame.remove();

  const fieldNamed = (name: string) => {
    const element = root.querySelector(`[name="${CSS.escape(name)}"]`);
    return element && isTypedField(element) ? element : null;
  };
  for (const { name, value } of typed) {
    const field = fieldNamed(name);
    if (field && field.value === '') typeInto(field, value);
  }
  // A box ticked in the frame is ticked on the live page the way a click does (React sees it).
  for (const name of ticked) {
    const box = root.querySelector<HTMLInputElement>(`input[type="checkbox"][name="${CSS.escape(name)}"]`);
    if (box && !box.checked) box.click();
  }
  // A city or committee chosen in the frame, the way choosing does (React sees the change).
  for (const { name, value } of chosen) {
    const select = root.querySelector<HTMLSelectElement>(`select[name="${CSS.escape(name)}"]`);
    if (select?.value !== '' || ![...select.options].some((option) => option.value === value)) continue;
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  }
  // The chosen file moves to the live input, whose change handler checks and keeps it.
  const fileInput = root.querySelector<HTMLInputElement>('input[type="file"]');
  if (files && files.length > 0 && fileInput) {
    fileInput.files = files;
    fileInput.dispatchEvent(new Event('change', { bubbles: true }));
  }
  if (isLanguage(picked) && picked !== 'en') void setLanguage(picked).catch(() => {});
  // Last: the live form submits once it has rendered with everything above.
  if (submitRequested) queueSubmit();
  if (focused) {
    const field = fieldNamed(focused);
    field?.focus();
    if (field && field.type !== 'email' && field.type !== 'number')
      field.setSelectionRange(field.value.length, field.value.length);
  }
}
