/** spec: app-core §4 PIN input modes. */
export type PinMode = 'CREATE' | 'LOGIN' | 'LOGIN_NEW_DEVICE' | 'RESET' | 'TRANSACTION' | 'CHANGE' | 'NEW_PIN';

export const pinModes: readonly PinMode[] = ['CREATE', 'LOGIN', 'LOGIN_NEW_DEVICE', 'RESET', 'TRANSACTION', 'CHANGE', 'NEW_PIN'];

export function isPinMode(value: unknown): value is PinMode {
  return typeof value === 'string' && (pinModes as readonly string[]).includes(value);
}

/** A new PIN is typed twice (enter, then re-enter) so a slip of the finger cannot lock the member out. */
export function asksTwice(mode: PinMode): boolean {
  return mode === 'CREATE' || mode === 'NEW_PIN' || mode === 'RESET';
}

/** Modes that ask for the PIN the member already has, which a password manager may fill. */
export function asksExistingPin(mode: PinMode): boolean {
  return mode === 'LOGIN' || mode === 'LOGIN_NEW_DEVICE' || mode === 'TRANSACTION' || mode === 'CHANGE';
}
