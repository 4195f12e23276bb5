import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { termsAnswerSchema, termsBodySchema } from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { siteOf } from '../../http/request-context.ts';
import { getTerms } from './terms.service.ts';

/** The merchant's terms and privacy policy (spec: app-core §7 api/settings/terms; decision 036). */
export const termsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.post(
    '/api/settings/terms',
    {
      schema: {
        tags: ['settings'],
        operationId: 'readTerms',
        summary: "The merchant's terms and conditions and privacy policy",
        description:
          "Public: a visitor reads them before agreeing at sign-in. The Host header selects the merchant. The texts come in the language asked for when the merchant wrote them in it, else in the site's language, else in English, else in the one language the merchant has; the answer says which. A merchant that has written none answers 404 TERMS_NOT_FOUND. The body may be empty.",
        body: termsBodySchema,
        response: { 200: termsAnswerSchema, ...errorAnswers([400, 403, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const site = siteOf(request);
      return { data: await getTerms({ db, merchantId: site.merchant.id, language: request.body?.language, siteLanguage: site.defaultLanguage }) };
    },
  );
};
