import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  integrationReceiptAnswerSchema,
  integrationReceiptCampaignAnswerSchema,
  integrationReceiptCampaignListSchema,
  integrationReceiptListQuerySchema,
  integrationReceiptListSchema,
  integrationReceiptParamsSchema,
  receiptCampaignBodySchema,
  receiptReviewBodySchema,
} from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import { binaryAnswer } from '../../http/binary-schemas.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { holderOf, integrationRouteConfig, integrationSecurity } from '../../http/integration-request.ts';
import { idempotentWriteRoute } from '../../http/integration-write.ts';
import { variantContentType } from '../../modules/media/image-sizes.ts';
import { getProgram } from '../../modules/programs/programs.service.ts';
import { createReceiptCampaign, getReceiptFile, listReceiptCampaigns } from '../../modules/receipts/receipts.service.ts';
import type { ReceiptCampaignRow } from '../../modules/receipts/receipts.table.ts';
import { merchantReceipt, merchantReceipts, reviewReceipt } from './review-receipt.ts';

function campaignOf(campaign: ReceiptCampaignRow, receipts: number) {
  return {
    id: campaign.id,
    programId: campaign.programId,
    code: campaign.code,
    name: campaign.name,
    description: campaign.description,
    startsAt: campaign.startsAt.toISOString(),
    endsAt: campaign.endsAt.toISOString(),
    receipts,
  };
}

/** Receipt campaigns and the review of members' receipts (docs/integration.md Receipts). */
export const integrationReceiptRoutes: FastifyPluginAsyncZod<AppContext> = async (app, options) => {
  const { db } = options;

  idempotentWriteRoute(app, options, {
    url: '/receipt-campaigns',
    operationId: 'createReceiptCampaign',
    summary: 'Makes a receipt campaign: members of the card program send photos of their receipts to its code (printed, or shown as a QR code) between startsAt and endsAt',
    description:
      "programId is a card program of the API key's merchant (another's answers 404 NOT_FOUND). The code is 3 to 32 letters, digits or dashes, kept in upper case; one the merchant has already answers 409 CONFLICT. Dates outside 2000–2099, or an end before the start, answer 400 VALIDATION_FAILED. " +
      "Members scan the code with the app's scanner, or open /cards/{cardId}/scan-receipt/{code}.",
    scope: 'receipt-campaigns',
    body: receiptCampaignBodySchema,
    status: 201,
    answer: integrationReceiptCampaignAnswerSchema,
    run: async ({ tx, merchantId, body, now }) => {
      await getProgram({ db: tx, merchantId, programId: body.programId });
      return { data: campaignOf(await createReceiptCampaign({ db: tx, merchantId, body, now }), 0) };
    },
  });

  app.get(
    '/receipt-campaigns',
    {
      config: integrationRouteConfig,
      schema: {
        tags: ['integration'],
        operationId: 'listReceiptCampaigns',
        summary: "The merchant's receipt campaigns, newest first, with how many receipts each received",
        description: 'Every campaign of every card program of the merchant: scheduled, running and ended.',
        security: integrationSecurity,
        response: { 200: integrationReceiptCampaignListSchema, ...errorAnswers([401, 429, 500] as const) },
      },
    },
    async (request) => ({ data: (await listReceiptCampaigns(db, holderOf(request).merchantId)).map(({ campaign, receipts }) => campaignOf(campaign, receipts)) }),
  );

  app.get(
    '/receipts',
    {
      config: integrationRouteConfig,
      schema: {
        tags: ['integration'],
        operationId: 'listMerchantReceipts',
        summary: "Members' receipts: by default those waiting for review, oldest first; status approved or rejected lists the latest reviewed",
        description: 'At most 200 a call. Read each photo with GET /receipts/{receiptId}/image, then approve or reject it.',
        security: integrationSecurity,
        querystring: integrationReceiptListQuerySchema,
        response: { 200: integrationReceiptListSchema, ...errorAnswers([400, 401, 429, 500] as const) },
      },
    },
    async (request) => ({ data: await merchantReceipts({ db, merchantId: holderOf(request).merchantId, status: request.query.status }) }),
  );

  app.get(
    '/receipts/:receiptId',
    {
      config: integrationRouteConfig,
      schema: {
        tags: ['integration'],
        operationId: 'getMerchantReceipt',
        summary: 'A member’s receipt and its review',
        description: 'A receipt of another merchant, or an id that is none, answers 404 RECEIPT_NOT_FOUND.',
        security: integrationSecurity,
        params: integrationReceiptParamsSchema,
        response: { 200: integrationReceiptAnswerSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => ({ data: await merchantReceipt({ db, merchantId: holderOf(request).merchantId, receiptId: request.params.receiptId }) }),
  );

  app.get(
    '/receipts/:receiptId/image',
    {
      config: integrationRouteConfig,
      schema: {
        tags: ['integration'],
        operationId: 'getReceiptImage',
        summary: 'The photo of a receipt (WebP)',
        description: "The member's upload as the server re-encoded it: WebP, its metadata stripped. A receipt of another merchant answers 404 RECEIPT_NOT_FOUND.",
        security: integrationSecurity,
        params: integrationReceiptParamsSchema,
        response: { 200: binaryAnswer(variantContentType, 'The photo of the receipt'), ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request, reply) => {
      const file = await getReceiptFile({ db, merchantId: holderOf(request).merchantId, receiptId: request.params.receiptId });
      return reply.type(file.contentType).header('content-disposition', 'inline').send(file.bytes);
    },
  );

  idempotentWriteRoute(app, options, {
    url: '/receipts/:receiptId/review',
    operationId: 'reviewReceipt',
    summary: "Approves a receipt with its bill's amount (the card earns by its program's rate) or rejects it with the reason the member reads",
    description:
      'Approving records the receipt as a purchase of the card: under billNumber when given (a number this merchant reported before answers 409 CONFLICT), else under RECEIPT-{receiptId}; it counts toward spend tasks, and a level it reaches grants that level’s reward. ' +
      'The member is told in their inbox either way. A receipt reviewed already answers 409 RECEIPT_ALREADY_REVIEWED, one of another merchant 404 RECEIPT_NOT_FOUND, and a card that is no longer active 422 CARD_NOT_ACTIVE.',
    scope: 'receipt-review',
    params: integrationReceiptParamsSchema,
    body: receiptReviewBodySchema,
    status: 200,
    answer: integrationReceiptAnswerSchema,
    run: async ({ tx, merchantId, params, body, now }) => ({ data: await reviewReceipt({ tx, merchantId, receiptId: params.receiptId, body, now }) }),
  });
};
