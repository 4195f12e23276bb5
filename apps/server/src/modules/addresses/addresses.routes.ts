import { z } from 'zod';
import { siteOf } from '../../http/request-context.ts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addressAnswerSchema, addressBodySchema, addressListSchema, addressParamsSchema } from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { signedIn } from '../auth/auth.http.ts';
import { createMemberAddress, deleteMemberAddress, getMemberAddress, listMemberAddresses, makePrimaryAddress, updateMemberAddress } from './addresses.service.ts';

/** The member's delivery addresses (decision 021); the area lists their forms pick from are the geography module's. */
export const addressesRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db, clock } = context;

  const ownerOf = (request: FastifyRequest) => ({ db, merchantId: siteOf(request).merchant.id, userId: signedIn(request).user.id });

  app.get(
    '/api/v2/addresses',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['addresses'],
        operationId: 'listAddresses',
        summary: "The member's addresses: the primary one first, then the newest",
        response: { 200: addressListSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => ({ data: await listMemberAddresses(ownerOf(request)) }),
  );

  app.post(
    '/api/v2/addresses',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['addresses'],
        operationId: 'addAddress',
        summary: 'Adds an address; the first one becomes primary. Its areas must nest: province, city or regency, district, subdistrict',
        body: addressBodySchema,
        response: { 201: addressAnswerSchema, ...errorAnswers([400, 401, 404, 409, 422, 429, 500] as const) },
      },
    },
    async (request, reply) => {
      const address = await createMemberAddress({ ...ownerOf(request), input: request.body, now: clock.now() });
      return reply.status(201).send({ data: address });
    },
  );

  app.get(
    '/api/v2/addresses/:addressId',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['addresses'],
        operationId: 'getAddress',
        summary: 'One address of the member',
        params: addressParamsSchema,
        response: { 200: addressAnswerSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => ({ data: await getMemberAddress({ ...ownerOf(request), addressId: request.params.addressId }) }),
  );

  app.put(
    '/api/v2/addresses/:addressId',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['addresses'],
        operationId: 'updateAddress',
        summary: 'Replaces an address of the member',
        params: addressParamsSchema,
        body: addressBodySchema,
        response: { 200: addressAnswerSchema, ...errorAnswers([400, 401, 404, 422, 429, 500] as const) },
      },
    },
    async (request) => {
      const { addressId } = request.params;
      return { data: await updateMemberAddress({ ...ownerOf(request), addressId, input: request.body, now: clock.now() }) };
    },
  );

  app.delete(
    '/api/v2/addresses/:addressId',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['addresses'],
        operationId: 'deleteAddress',
        summary: 'Deletes an address of the member; when it was the primary one, the newest left becomes primary',
        params: addressParamsSchema,
        response: { 204: z.null(), ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request, reply) => {
      await deleteMemberAddress({ ...ownerOf(request), addressId: request.params.addressId, now: clock.now() });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v2/addresses/:addressId/primary',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['addresses'],
        operationId: 'setPrimaryAddress',
        summary: "Makes an address the member's primary one",
        params: addressParamsSchema,
        response: { 200: addressAnswerSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => ({ data: await makePrimaryAddress({ ...ownerOf(request), addressId: request.params.addressId, now: clock.now() }) }),
  );
};
