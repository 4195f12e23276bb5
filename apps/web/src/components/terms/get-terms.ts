import { termsAnswerSchema, type Language, type Terms } from '@kartu/contracts';
import { api } from '../../lib/api-client.ts';

// spec: app-core §3 terms policy, §7 api/settings/terms: the answer is kept per payload.
const answers = new Map<Language, Promise<Terms>>();

/** POST /api/settings/terms in the member's language, once per language; a failure is asked again next time. */
export function getTerms(language: Language): Promise<Terms> {
  const kept = answers.get(language);
  if (kept) return kept;
  const asked = api.post('/api/settings/terms', { body: { language }, schema: termsAnswerSchema }).then((answer) => answer.data);
  answers.set(language, asked);
  asked.catch(() => answers.delete(language));
  return asked;
}

/** Forgets the kept answers (tests). */
export function forgetTerms(): void {
  answers.clear();
}
