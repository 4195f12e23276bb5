/* Enough to recognise a friend or confirm the number typed, not to learn a stranger's name or harvest numbers. */

export function maskRecipientName(name: string | null): string | null {
  const words = name?.trim().split(/\s+/).filter(Boolean) ?? [];
  const [first] = words;
  if (!first) return null;
  const last = words.length > 1 ? words.at(-1) : undefined;
  return last ? `${first} ${last.charAt(0).toUpperCase()}.` : first;
}

export function maskRecipientPhone(phone: string, dialCode: string): string {
  const prefix = `+${dialCode}`;
  const national = phone.startsWith(prefix) ? phone.slice(prefix.length) : phone.replace(/^\+/, '');
  return `${prefix} ${national.slice(0, 3)}-****-${national.slice(-4)}`;
}

/** An address's first letter and its domain: enough for its owner to know it, not for anyone to write to it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '****';
  return `${email.charAt(0)}****${email.slice(at)}`;
}
