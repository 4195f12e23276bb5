/** spec app-core §7. Lower case, as Node reads them. */
export const requestHeaders = {
  merchant: 'x-merchant-id',
  latitude: 'x-latitude',
  longitude: 'x-longitude',
  timezone: 'x-timezone',
  requestId: 'x-request-id',
  /** A random id the browser keeps, so a new device can be asked for a code before its PIN. */
  deviceId: 'x-device-id',
} as const;
