/*
 * jsdom has <dialog> without showModal() and close(). This stand-in does what the browser does for
 * the app's dialogs: the `open` attribute, focus moved in on open (an [autofocus] element, else the
 * first control, else the dialog) and back to the element that had it on close, a `cancel` event for
 * Escape that closes the top dialog unless a handler cancels it (or the keydown itself was refused),
 * and the `close` event afterwards. It does not make the page behind inert; browser tests cover that.
 */
const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]';

const shown: HTMLDialogElement[] = [];
const focusedBefore = new WeakMap<HTMLDialogElement, Element | null>();

function showModal(this: HTMLDialogElement): void {
  if (this.open) return;
  this.setAttribute('open', '');
  shown.push(this);
  focusedBefore.set(this, document.activeElement);
  const control = this.querySelector<HTMLElement>('[autofocus]') ?? this.querySelector<HTMLElement>(focusableSelector) ?? this;
  control.focus();
}

function close(this: HTMLDialogElement): void {
  if (!this.open) return;
  this.removeAttribute('open');
  shown.splice(shown.indexOf(this), 1);
  const previous = focusedBefore.get(this);
  focusedBefore.delete(this);
  if (previous instanceof HTMLElement) previous.focus();
  setTimeout(() => this.dispatchEvent(new Event('close')));
}

function onEscape(event: KeyboardEvent): void {
  const top = shown[shown.length - 1];
  if (event.key !== 'Escape' || event.defaultPrevented || !top) return;
  if (top.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close();
}

export function installModalDialogs(): void {
  if (typeof HTMLDialogElement.prototype.showModal === 'function') return;
  HTMLDialogElement.prototype.showModal = showModal;
  HTMLDialogElement.prototype.close = close;
  document.addEventListener('keydown', onEscape);
}
