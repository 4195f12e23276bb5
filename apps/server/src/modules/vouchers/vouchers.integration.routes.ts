import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { integrationPartnerCodeBodySchema, integrationPendingVoucherAnswerSchema, integrationPendingVouchersAnswerSchema, voucherParamsSchema } from '@kartu/contracts';
import { MINUTE_MS } from '@kartu/core/calendar';
import { errorAnswers } from '../../http/error-answers.ts';

import type { AppContext } from '../../http/app-context.ts';
import type { AppSecrets } from '../../http/app-secrets.ts';

import { fillPartnerCode, listPartnerPendingVouchers, PARTNER_CODE_DEADLINE_MS } from './voucher-issuing.service.ts';

import { idempotentWriteRoute } from '../../http/integration-write.ts';

import { holderOf, integrationRouteConfig, integrationSecurity } from '../../http/integration-request.ts';


/** The partner's side of vouchers: the vouchers waiting for its code, and each code it issues (docs/integration.md). */
export const integrationVouchersRoutes: FastifyPluginAsyncZod<AppContext & Pick<AppSecrets, 'voucherCodeKeys'>> = async (app, options) => {
  const { db, voucherCodeKeys: keys } = options;

  app.get(
    '/vouchers/pending',
    {
      config: integrationRouteConfig,
      schema: {
        tags: ['integration'],
        operationId: 'listPendingVouchers',
        summary: "The partner's vouchers still waiting for their code, the oldest first (each is also announced by a voucher.code_requested webhook)",
        description: `Only the API key's merchant's vouchers whose template its partner issues, at most 500 at a time. Send each one's code before its answerBy, ${PARTNER_CODE_DEADLINE_MS / MINUTE_MS} minutes after its issue: a voucher still pending then is suspended, leaves this list, and is announced by a voucher.issue_failed webhook.`,
        security: integrationSecurity,
        response: { 200: integrationPendingVouchersAnswerSchema, ...errorAnswers([401, 429, 500] as const) },
      },
    },
    async (request) => ({ data: await listPartnerPendingVouchers({ db, merchantId: holderOf(request).merchantId }) }),
  );

  idempotentWriteRoute(app, options, {
    url: '/vouchers/:voucherId/partner-code',
    operationId: 'setVoucherPartnerCode',
    summary: "Gives a pending voucher the code the merchant's partner issued for it: it becomes usable, with a Kartu code of its own beside the partner's",
    description:
      "Only a voucher of the API key's merchant whose template its partner issues takes a code: any other voucher, or an id that is not one, answers 404 VOUCHER_NOT_FOUND. Once the voucher is no longer pending, the code it already has answers it as it is, and any other code answers 409 VOUCHER_NOT_PENDING (a voucher suspended past its deadline included).",
    scope: 'vouchers.partner-code',
    params: voucherParamsSchema,
    body: integrationPartnerCodeBodySchema,
    status: 200,
    answer: integrationPendingVoucherAnswerSchema,
    run: async ({ tx, merchantId, params, body }) => ({ data: await fillPartnerCode({ tx, merchantId, voucherId: params.voucherId, externalCode: body.externalCode, keys }) }),
  });
};
