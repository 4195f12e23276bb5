import type { FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp } from './test-app.ts';

describe("a test app's answers", () => {
  it('fail the file when one differs from the API document', async () => {
    const probe = await createTestApp();
    probe.app.get(
      '/api/probe/:status',
      { schema: { params: z.object({ status: z.coerce.number().int() }), response: { 200: z.object({ ok: z.boolean() }) } } },
      // Untyped: the status is the point of the probe, whatever the schema says.
      async (request, reply) => (reply as FastifyReply).code((request.params as { status: number }).status).send({ ok: true }),
    );
    expect((await probe.app.inject({ url: '/api/probe/200', headers: { host: 'localhost' } })).statusCode).toBe(200);
    expect((await probe.app.inject({ url: '/api/probe/418', headers: { host: 'localhost' } })).statusCode).toBe(418);
    await expect(probe.close()).rejects.toThrow('GET /api/probe/{status} answered 418, which the document does not declare');
  });
});
