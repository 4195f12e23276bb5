let requestLanguage: string | null = null;

/** The app's language, sent with every call: the server writes codes and messages to the member in it. */
export function setRequestLanguage(language: string): void {
  requestLanguage = language;
}

/** The language set last, or null before the translator has chosen one. */
export function getRequestLanguage(): string | null {
  return requestLanguage;
}
