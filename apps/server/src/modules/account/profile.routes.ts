import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileAnswerSchema, profileBodySchema } from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { siteOf } from '../../http/request-context.ts';
import { signedIn } from '../auth/auth.http.ts';
import { getProfile, updateProfile } from './profile.service.ts';

/** The member's profile (spec: app-core §7 api/v2/account/profile; decision 032). */
export const profileRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, clock }) => {
  app.get(
    '/api/v2/account/profile',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['account'],
        operationId: 'getProfile',
        summary: "The signed-in member's profile: name, e-mail, birthday, gender, phone and photo",
        description:
          "Needs the member's session; the member is the session's, at the merchant the Host header selects. The phone is shown with its dialing code and is not changed here. " +
          'emailEditable is false where members sign in with their e-mail: the page then shows the address without a field. The photo is a square picture in the sizes of a 96-pixel avatar, or null.',
        response: { 200: profileAnswerSchema, ...errorAnswers([401, 404, 429, 500] as const) },
      },
    },
    async (request) => ({ data: await getProfile({ db, merchant: siteOf(request).merchant, userId: signedIn(request).user.id }) }),
  );

  app.put(
    '/api/v2/account/profile',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['account'],
        operationId: 'updateProfile',
        summary: "Saves the member's name, e-mail, birthday and gender, and answers the profile as saved",
        description:
          "Needs the member's session. Each field is checked as the app's form checks it, and a field in error answers 400 VALIDATION_FAILED with its message in details: " +
          'a name of letters of any script, spaces, apostrophes, hyphens and dots; a valid e-mail; a birthday that exists and is not after today in the x-timezone header\'s zone (else the merchant\'s). Null clears the birthday or the gender. ' +
          "An e-mail another member of the merchant already has answers 409 EMAIL_TAKEN. Left out, the e-mail stays as it is; where members sign in with their e-mail (emailEditable false), sending another one answers 403 FORBIDDEN. The phone is not changed here.",
        body: profileBodySchema,
        response: { 200: profileAnswerSchema, ...errorAnswers([400, 401, 403, 404, 409, 429, 500] as const) },
      },
    },
    async (request) => {
      const data = await updateProfile({
        db,
        merchant: siteOf(request).merchant,
        userId: signedIn(request).user.id,
        input: request.body,
        now: clock.now(),
        timeZone: request.timeZone,
      });
      return { data };
    },
  );
};
