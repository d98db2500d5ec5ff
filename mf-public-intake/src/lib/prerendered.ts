/**
 * A public route's HTML may carry its page's first frame, prerendered at build time
 * (`<div id="prerendered">` before `#root`, which its stylesheet hides meanwhile). The shell
 * mounts as usual into the hidden #root; once the live page (or the remote's fallback) has
 * rendered, this removes the frame, so #root shows in the same place, with no blank in between.
 * Whatever the visitor already typed into the frame is carried over, and so is the focus.
 */
import { isLanguage, LANGUAGE_FIELD, setLanguage } from 'shared-contracts';

export const PRERENDERED_ID = 'prerendered';

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
  if (isLanguage(picked) && picked !== 'en') void setLanguage(picked).catch(() => {});
  if (focused) {
    const field = fieldNamed(focused);
    field?.focus();
    if (field && field.type !== 'email' && field.type !== 'number')
      field.setSelectionRange(field.value.length, field.value.length);
  }
}
