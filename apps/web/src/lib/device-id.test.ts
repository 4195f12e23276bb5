import { describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../config/storage-keys.ts';

async function freshModule() {
  vi.resetModules();
  return import('./device-id.ts');
}

describe('getDeviceId', () => {
  it('creates a url-safe id once and keeps it in storage', async () => {
    const { getDeviceId } = await freshModule();
    const id = getDeviceId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(getDeviceId()).toBe(id);
    expect(localStorage.getItem(storageKeys.deviceId)).toBe(id);
  });

  it('reuses the id stored by an earlier visit', async () => {
    localStorage.setItem(storageKeys.deviceId, 'abcdefghijklmnopqrstuvwxyz012345');
    const { getDeviceId } = await freshModule();
    expect(getDeviceId()).toBe('abcdefghijklmnopqrstuvwxyz012345');
  });

  it('replaces a stored value that is not a valid id', async () => {
    localStorage.setItem(storageKeys.deviceId, 'short');
    const { getDeviceId } = await freshModule();
    expect(getDeviceId()).not.toBe('short');
  });
});
