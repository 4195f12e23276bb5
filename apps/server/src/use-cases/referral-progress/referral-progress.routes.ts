import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { referralFriendsAnswerSchema, referralFriendsQuerySchema, referralOverviewAnswerSchema, referralParamsSchema } from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { siteOf } from '../../http/request-context.ts';
import { signedIn } from '../../modules/auth/auth.http.ts';
import { memberSiteOriginOf } from '../../modules/payments/payments.http.ts';
import { FRIENDS_PAGE_SIZE, getReferralOverview, getReferralProgram, listReferralFriends } from '../../modules/referrals/referrals.service.ts';
import { advanceReferrals } from './referral-progress.ts';

/** The member's referral page (app-core §2 referral/{id}): their friends moved on first, then read. */
export const referralProgressRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, clock, payments }) => {
  const advanceFor = async (merchantId: number, referrerUserId: string, referralId: string) => {
    const now = clock.now();
    const program = await getReferralProgram({ db, merchantId, referralId, now });
    await advanceReferrals({ db, scope: { merchantId, referralProgramId: program.id, referrerUserId }, now });
  };

  app.get(
    '/api/v2/referrals/:referralId',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['referrals'],
        operationId: 'getReferral',
        summary: "The member's page of a referral program: their code and link, the rewards, friends per state and the commission earned",
        description:
          "Needs the member's session; an unknown referral program, or one not yet started, answers 404 REFERRAL_NOT_FOUND, and an ended one answers with status ended and no invites left. " +
          "The member's code is made on the first read and stays the same; the link is the site's landing page with it. Before answering, the member's friends are moved on: " +
          'an invited phone that has since made an account is registered, and a registered friend who has since bought at the till or completed a shop order has made a purchase; commissions due are paid within the daily cap.',
        params: referralParamsSchema,
        response: { 200: referralOverviewAnswerSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const { merchant } = siteOf(request);
      await advanceFor(merchant.id, user.id, request.params.referralId);
      const overview = await getReferralOverview({ db, merchant, user, referralId: request.params.referralId, now: clock.now(), origin: memberSiteOriginOf(request, payments) });
      return { data: overview };
    },
  );

  app.get(
    '/api/v2/referrals/:referralId/friends',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['referrals'],
        operationId: 'listReferralFriends',
        summary: "The friends on the member's list, newest first, with their state and the commission each earned",
        description:
          `Needs the member's session; an unknown referral program answers 404 REFERRAL_NOT_FOUND. ${FRIENDS_PAGE_SIZE} friends a page; state keeps one state. ` +
          'Phones are masked as a transfer masks a recipient’s. Friends are moved on first, as getReferral does.',
        params: referralParamsSchema,
        querystring: referralFriendsQuerySchema,
        response: { 200: referralFriendsAnswerSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const { merchant } = siteOf(request);
      await advanceFor(merchant.id, user.id, request.params.referralId);
      return listReferralFriends({ db, merchant, user, referralId: request.params.referralId, now: clock.now(), page: request.query.page, state: request.query.state });
    },
  );
};
