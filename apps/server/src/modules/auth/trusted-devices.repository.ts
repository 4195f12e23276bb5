import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { trustedDevices } from './trusted-devices.table.ts';

export async function isTrustedDevice(db: Database, userId: string, deviceHash: string | null): Promise<boolean> {
  if (!deviceHash) return false;
  const [row] = await db
    .select({ userId: trustedDevices.userId })
    .from(trustedDevices)
    .where(and(eq(trustedDevices.userId, userId), eq(trustedDevices.deviceHash, deviceHash)))
    .limit(1);
  return row !== undefined;
}

export async function trustDevice(db: Database, userId: string, deviceHash: string | null, now: Date): Promise<void> {
  if (!deviceHash) return;
  await db
    .insert(trustedDevices)
    .values({ userId, deviceHash, firstSeenAt: now, lastSeenAt: now })
    .onConflictDoUpdate({ target: [trustedDevices.userId, trustedDevices.deviceHash], set: { lastSeenAt: now } });
}
