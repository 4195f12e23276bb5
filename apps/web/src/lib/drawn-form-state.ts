/*
 * What a visitor types or ticks into a page the server drew, before the app takes it over. The
 * fields are the server's until then: React's hydration keeps the nodes but sets each controlled
 * field back to its state (an empty phone number), and its state never heard of the typing. So the
 * fields the visitor changed are noted from the moment the app's code runs (with what was changed
 * before it ran, read from the fields themselves), and once the app runs the page they are given
 * back to it as the events a browser sends, so the page's own handlers take them.
 */

import { nextTask } from './next-task.ts';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type Noted = { value: string } | { checked: boolean };

const toggles = new Set(['checkbox', 'radio']);

function isField(target: EventTarget | null): target is Field {
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

function isToggle(field: Field): field is HTMLInputElement {
  return field instanceof HTMLInputElement && toggles.has(field.type);
}

function changedFromDrawn(field: Field): boolean {
  if (isToggle(field)) return field.checked !== field.defaultChecked;
  if (field instanceof HTMLSelectElement) return [...field.options].some((option) => option.selected !== option.defaultSelected);
  return field.value !== field.defaultValue;
}

function noteOf(field: Field): Noted {
  return isToggle(field) ? { checked: field.checked } : { value: field.value };
}

/**
 * Gives one field's change back as the browser would send it. React keeps, per field, the value it
 * last knew, read from the field when it took the page over, so it may already hold what was typed
 * and would see no change: the field is first set through its own setter, which React watches, to
 * something else, then through the element's, which it does not, to what was typed, and the event
 * then carries a change React reports to the page.
 */
function giveBack(field: Field, noted: Noted): void {
  if (!field.isConnected || field.disabled) return;
  if ('checked' in noted) {
    if (!isToggle(field)) return;
    // A radio is given back where it was ticked; the one it replaced follows by itself.
    if (field.type === 'radio' && !noted.checked) return;
    field.checked = !noted.checked;
    // Clicked, the browser toggles it back and sends the click a change comes from.
    field.click();
    return;
  }
  if (field instanceof HTMLSelectElement) {
    field.value = noted.value;
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  field.value = noted.value === '' ? ' ' : '';
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, noted.value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Starts noting the changes made to the fields in `container`; answers the function that gives
 * them back once the app runs the page. They are given back one a task, as a visitor's would come:
 * each change is rendered before the next arrives, so no handler reads a form the change before it
 * has not reached yet.
 */
export function keepDrawnFormState(container: HTMLElement): () => Promise<void> {
  const noted = new Map<Field, Noted>();
  for (const field of container.querySelectorAll<Field>('input, textarea, select')) {
    if (changedFromDrawn(field)) noted.set(field, noteOf(field));
  }
  const note = (event: Event) => {
    if (isField(event.target) && container.contains(event.target)) noted.set(event.target, noteOf(event.target));
  };
  document.addEventListener('input', note, true);
  document.addEventListener('change', note, true);
  return async () => {
    document.removeEventListener('input', note, true);
    document.removeEventListener('change', note, true);
    for (const [field, value] of noted) {
      giveBack(field, value);
      await nextTask();
    }
  };
}
