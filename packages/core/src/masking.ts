/*
 * How another member is shown to a member who is about to send them something: enough to recognise
 * a friend or confirm the number typed, not enough to learn a stranger's name or harvest numbers.
 */

/** 'Budi Santoso' → 'Budi S.': the sender can recognise a friend without learning a stranger's full name. */
export function maskRecipientName(name: string | null): string | null {
  const words = name?.trim().split(/\s+/).filter(Boolean) ?? [];
  const [first] = words;
  if (!first) return null;
  const last = words.length > 1 ? words.at(-1) : undefined;
  return last ? `${first} ${last.charAt(0).toUpperCase()}.` : first;
}

/** '+6281234564444' → '+62 812-****-4444': enough to confirm the number typed, not to harvest it. */
export function maskRecipientPhone(phone: string, dialCode: string): string {
  const prefix = `+${dialCode}`;
  const national = phone.startsWith(prefix) ? phone.slice(prefix.length) : phone.replace(/^\+/, '');
  return `${prefix} ${national.slice(0, 3)}-****-${national.slice(-4)}`;
}
