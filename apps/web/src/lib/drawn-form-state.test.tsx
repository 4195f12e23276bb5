import { describe, expect, it } from 'vitest';
import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { keepDrawnFormState } from './drawn-form-state.ts';

/** A form as the landing page holds it: controlled fields whose state is what a submit sends. */
function Form() {
  const [phone, setPhone] = useState('');
  const [consent, setConsent] = useState(false);
  const [sender, setSender] = useState('SMS');
  return (
    <form>
      <input aria-label="Phone" value={phone} onChange={(event) => setPhone(event.target.value)} />
      <input type="checkbox" aria-label="Consent" checked={consent} onChange={(event) => setConsent(event.target.checked)} />
      <input type="radio" name="sender" value="SMS" aria-label="SMS" checked={sender === 'SMS'} onChange={() => setSender('SMS')} />
      <input type="radio" name="sender" value="WHATSAPP" aria-label="WhatsApp" checked={sender === 'WHATSAPP'} onChange={() => setSender('WHATSAPP')} />
      <output>{`${phone}|${String(consent)}|${sender}`}</output>
    </form>
  );
}

function drawnPage(): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Form />);
  document.body.append(container);
  return container;
}

const field = (container: HTMLElement, label: string) => container.querySelector<HTMLInputElement>(`[aria-label="${label}"]`) as HTMLInputElement;
const state = (container: HTMLElement) => container.querySelector('output')?.textContent;

describe('what is typed into a drawn page before the app takes it over', () => {
  it('reaches the app’s state, whether typed before its code ran or while it was taking over', async () => {
    const container = drawnPage();
    // Before the app's code runs: the browser's own typing and ticking.
    field(container, 'Phone').value = '0812';
    field(container, 'Consent').checked = true;
    const giveBack = keepDrawnFormState(container);
    // While it loads: events the app is not there yet to hear.
    field(container, 'Phone').value = '081211112222';
    field(container, 'Phone').dispatchEvent(new Event('input', { bubbles: true }));
    field(container, 'WhatsApp').checked = true;
    field(container, 'WhatsApp').dispatchEvent(new Event('change', { bubbles: true }));

    await act(async () => {
      hydrateRoot(container, <Form />);
    });
    await act(async () => {
      await giveBack();
    });
    expect(state(container)).toBe('081211112222|true|WHATSAPP');
    expect(field(container, 'Phone').value).toBe('081211112222');
    container.remove();
  });

  it('gives nothing back for a page drawn anew, and stops listening', async () => {
    const container = drawnPage();
    const giveBack = keepDrawnFormState(container);
    field(container, 'Phone').value = '0812';
    container.replaceChildren();
    await giveBack();
    expect(container.childElementCount).toBe(0);
    container.remove();
  });
});
