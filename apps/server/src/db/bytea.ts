import { customType } from 'drizzle-orm/pg-core';

/**
 * A `bytea` column read and written as a Buffer. The PostgreSQL driver hands bytea out as a Buffer
 * already; PGlite hands out a Uint8Array, which is wrapped without copying.
 */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});
