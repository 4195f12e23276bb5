/** A link that opens a chat with the message filled in, for "contact us" on lock pages. */
export function chatLink(message: string): string {
  return `https://wa.me/?text=${encodeURIComponent(message)}`;
}
