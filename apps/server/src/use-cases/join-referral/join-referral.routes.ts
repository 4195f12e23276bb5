import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { referralJoinAnswerSchema, referralJoinBodySchema } from '@kartu/contracts';
import { REFERRAL_JOIN_WITHIN_DAYS } from '@kartu/core';
import type { AppContext } from '../../http/app-context.ts';
import type { AppSecrets } from '../../http/app-secrets.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { siteOf } from '../../http/request-context.ts';
import { deviceHashOf, signedIn } from '../../modules/auth/auth.http.ts';
import { joinReferral } from './join-referral.ts';

/** A new member joins through the referral link they came by (docs/decisions/042-referrals.md). */
export const joinReferralRoutes: FastifyPluginAsyncZod<AppContext & Pick<AppSecrets, 'activationCodeKey'>> = async (app, { db, clock, activationCodeKey }) => {
  app.post(
    '/api/v2/referrals/join',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['referrals'],
        operationId: 'joinReferral',
        summary: "Joins the card program of a shared code as the friend of the member who shared it: a card of the program, and the friend's reward on it",
        description:
          "Needs the new member's session, within " +
          `${REFERRAL_JOIN_WITHIN_DAYS} days of signing up (409 REFERRAL_TOO_LATE). A code the merchant never gave answers 404 REFERRAL_NOT_FOUND, an ended program 409 REFERRAL_ENDED, ` +
          "the member's own code 400 REFERRAL_SELF, and a member who already joined the program through an invite 409 REFERRAL_ALREADY_JOINED. " +
          'The member goes on the sharing member’s list as registered and holds a card of the program (theirs, or a new one with the program’s welcome reward); ' +
          'the friend’s reward is paid on it unless a friend already joined through an invite on this browser (its x-device-id header): then the friend is listed as unavailable and nothing is paid to either member. ' +
          'Other members who had invited the same phone see it unavailable. A program that pays the sharing member at sign-up pays now, within its daily cap.',
        body: referralJoinBodySchema,
        response: { 200: referralJoinAnswerSchema, ...errorAnswers([400, 401, 404, 409, 422, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const joined = await joinReferral({ db, merchantId: siteOf(request).merchant.id, user, code: request.body.code, deviceHash: deviceHashOf(request), activationCodeKey, now: clock.now() });
      return { data: joined };
    },
  );
};
