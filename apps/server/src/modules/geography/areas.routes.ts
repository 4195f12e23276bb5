import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { areaListSchema, areaParamsSchema } from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { sendJsonText } from '../../http/json-text.ts';
import { listAreas, type AreaListName } from './areas.service.ts';

/**
 * The lists behind an address form's dependent area pickers (spec: business-rules §5). The area data
 * only changes with a release, so the browser may keep an answer for a day.
 */
export const areaCacheControl = 'private, max-age=86400';

export const areaRoutes: FastifyPluginAsyncZod<AppContext> = async (app) => {
  // Answers as sent, by list and parent: at most one per area that has areas under it (about 7,800).
  // Unknown codes are not kept, so they cannot grow it.
  const answers = new Map<string, string>();
  const answer = async (name: AreaListName, parentCode?: string) => {
    const key = `${name}:${parentCode ?? ''}`;
    let body = answers.get(key);
    if (body === undefined) {
      body = JSON.stringify(areaListSchema.encode({ data: await listAreas(name, parentCode) }));
      answers.set(key, body);
    }
    return body;
  };
  const send = (reply: FastifyReply, body: string) => sendJsonText(reply.header('cache-control', areaCacheControl), body);
  const responses = { 200: areaListSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) };

  app.get(
    '/api/v2/areas/provinces',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['addresses'],
        operationId: 'listProvinces',
        summary: "Indonesia's provinces, by name",
        description:
          'Needs an active member session; the same list for every merchant. Each code is what an address’s provinceCode takes, ' +
          `and the answer carries Cache-Control: ${areaCacheControl}, since the area data only changes with a release.`,
        response: responses,
      },
    },
    async (_request, reply) => send(reply, await answer('provinces')),
  );

  const children = [
    ['provinces', 'regencies', 'listRegencies', "A province's cities and regencies, by name", "a province's code such as 31"],
    ['regencies', 'districts', 'listDistricts', "A city or regency's districts, by name", "a city or regency's code such as 31.74"],
    ['districts', 'villages', 'listVillages', "A district's subdistricts (villages), by name", "a district's code such as 31.74.07"],
  ] as const;
  for (const [parent, name, operationId, summary, parentCode] of children) {
    const description =
      `Needs an active member session; the same list for every merchant. The path’s code is ${parentCode}, and a code that names no such area answers 404 NOT_FOUND. ` +
      `The answer carries Cache-Control: ${areaCacheControl}, since the area data only changes with a release.`;
    app.get(
      `/api/v2/areas/${parent}/:code/${name}`,
      { preHandler: app.requireSession(), schema: { tags: ['addresses'], operationId, summary, description, params: areaParamsSchema, response: responses } },
      async (request, reply) => send(reply, await answer(name, request.params.code)),
    );
  }
};
