import { storageKeys } from '../config/storage-keys.ts';

let memoryId: string | null = null;

function randomId(): string {
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  // base64url without padding: 32 characters the server accepts as a device id.
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * This browser's id, sent with every call so the server can tell a known device from a new one
 * (a new device passes a one-time code before its PIN). It survives sign-out on purpose.
 */
export function getDeviceId(): string {
  if (memoryId) return memoryId;
  try {
    const stored = localStorage.getItem(storageKeys.deviceId);
    if (stored && /^[A-Za-z0-9_-]{16,64}$/.test(stored)) return (memoryId = stored);
    memoryId = randomId();
    localStorage.setItem(storageKeys.deviceId, memoryId);
  } catch {
    // Without storage the id lasts for this page: the device then counts as new next time.
    memoryId ??= randomId();
  }
  return memoryId;
}
