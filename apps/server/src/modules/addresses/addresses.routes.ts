import { z } from 'zod';
import { siteOf } from '../../http/request-context.ts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_ADDRESSES_PER_MEMBER, addressAnswerSchema, addressBodySchema, addressListSchema, addressParamsSchema } from '@kartu/contracts';
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
        description:
          `Needs an active member session; only the member’s own addresses at the merchant the Host header selects, at most ${MAX_ADDRESSES_PER_MEMBER}. ` +
          'Area names are as they were saved, and recipientPhone is in E.164.',
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
        description:
          `Needs an active member session. A member holds at most ${MAX_ADDRESSES_PER_MEMBER} addresses (409 ADDRESS_LIMIT_REACHED), and isPrimary true makes the new one primary. ` +
          'Area codes that do not nest answer 422 ADDRESS_AREA_INVALID naming the first wrong level’s field, and a recipient phone not valid in the address’s country 400 VALIDATION_FAILED; ' +
          'the phone is stored in E.164. Latitude and longitude go together: both or neither.',
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
        description:
          'Needs an active member session. An address of another member or another merchant, or an id that names none, answers 404 ADDRESS_NOT_FOUND.',
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
        description:
          'Needs an active member session; the body is checked as when adding (422 ADDRESS_AREA_INVALID, 400 VALIDATION_FAILED). ' +
          'Left out, latitude and longitude keep the stored position, and null removes it; isPrimary true makes the address primary, while false leaves it as it is. ' +
          'An address of another member answers 404 ADDRESS_NOT_FOUND.',
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
        description:
          'Needs an active member session. An address of another member, or one already deleted, answers 404 ADDRESS_NOT_FOUND.',
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
        description:
          'Needs an active member session; the address primary before stops being so, and an address already primary is answered unchanged. ' +
          'An address of another member answers 404 ADDRESS_NOT_FOUND.',
        params: addressParamsSchema,
        response: { 200: addressAnswerSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => ({ data: await makePrimaryAddress({ ...ownerOf(request), addressId: request.params.addressId, now: clock.now() }) }),
  );
};
