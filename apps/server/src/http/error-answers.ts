import { errorBodySchema } from '@kartu/contracts';

/** The error statuses a route may answer besides its own, each with the common error body in OpenAPI. */
export function errorAnswers<const S extends readonly number[]>(statuses: S): Record<S[number], typeof errorBodySchema> {
  const answers = {} as Record<S[number], typeof errorBodySchema>;
  for (const status of statuses) answers[status as S[number]] = errorBodySchema;
  return answers;
}
