import type { SessionUser } from '@kartu/contracts';

/** How the member is named on screen: their name, else the phone or e-mail they signed in with. */
export function memberLabel(user: SessionUser | null): string | null {
  if (!user) return null;
  return [user.name, user.phone, user.email].map((value) => value?.trim()).find((value) => value) ?? null;
}
