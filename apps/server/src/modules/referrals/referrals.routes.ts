import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  referralCodeParamsSchema,
  referralFriendAnswerSchema,
  referralInviteAnswerSchema,
  referralInviteBodySchema,
  referralListAnswerSchema,
  referralParamsSchema,
} from '@kartu/contracts';
import { REFERRAL_INVITES_PER_DAY } from '@kartu/core';
import type { AppContext } from '../../http/app-context.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { featureLockNote, requireFeatureOpen } from '../../http/feature-guard.ts';
import { siteOf } from '../../http/request-context.ts';
import { signedIn } from '../auth/auth.http.ts';
import { describeCode, inviteFriend, listMemberReferrals } from './referrals.service.ts';

/** The referral programs of the member's cards, invites by phone, and what a shared code shows (decision 042). */
export const referralRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, clock }) => {
  app.get(
    '/api/v2/referrals',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['referrals'],
        operationId: 'listReferrals',
        summary: "The referral programs of the member's cards (app-core §3 referral: isHaveReferral, referralId)",
        description:
          "Needs the member's session. Each started referral program of a card program the member holds a card of, with that card's id, the rewards and whether it is active or ended; " +
          'an empty list when there is none.',
        response: { 200: referralListAnswerSchema, ...errorAnswers([401, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      return { data: await listMemberReferrals({ db, merchantId: siteOf(request).merchant.id, userId: user.id, now: clock.now() }) };
    },
  );

  app.post(
    '/api/v2/referrals/:referralId/invites',
    {
      preHandler: [app.requireSession(), requireFeatureOpen({ db, clock }, 'referral')],
      schema: {
        tags: ['referrals'],
        operationId: 'inviteFriend',
        summary: "Puts a friend's phone on the member's referral list, pending until the friend joins",
        description:
          "Needs the member's session; an unknown or not yet started referral program answers 404 REFERRAL_NOT_FOUND, an ended one 409 REFERRAL_ENDED. " +
          'An invalid phone answers 400 VALIDATION_FAILED on body.phone, the member’s own 400 REFERRAL_SELF, and a phone already on the member’s list 409 REFERRAL_ALREADY_INVITED. ' +
          'A phone that belongs to a member already, or that another member invited first, is listed as unavailable with the reason (no commission will come for it). ' +
          `A member sends at most ${REFERRAL_INVITES_PER_DAY} invites in 24 hours (429 REFERRAL_INVITES_LIMIT).` +
          featureLockNote('referral'),
        params: referralParamsSchema,
        body: referralInviteBodySchema,
        response: { 201: referralFriendAnswerSchema, ...errorAnswers([400, 401, 403, 404, 409, 429, 500] as const) },
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      const { phone, countryCode } = request.body;
      const friend = await inviteFriend({ db, merchant: siteOf(request).merchant, user, referralId: request.params.referralId, phone, countryCode, now: clock.now() });
      return reply.status(201).send({ data: friend });
    },
  );

  app.get(
    '/api/referrals/codes/:code',
    {
      schema: {
        tags: ['referrals'],
        operationId: 'describeReferralCode',
        summary: 'What a shared referral link shows before sign-in: who invites, to which card program, and what the friend receives',
        description:
          'Public; the Host header selects the merchant, and a code is looked up at that merchant only. The member who shared it is named as a transfer names a recipient ("Rani S."). ' +
          'A code the merchant never gave, or of a referral program not yet started, answers 404 REFERRAL_NOT_FOUND; an ended program answers with status ended.',
        params: referralCodeParamsSchema,
        response: { 200: referralInviteAnswerSchema, ...errorAnswers([400, 404, 429, 500] as const) },
      },
    },
    async (request) => ({ data: await describeCode({ db, merchantId: siteOf(request).merchant.id, code: request.params.code, now: clock.now() }) }),
  );
};
