import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses answers made per request (API JSON, the page) of 1 KB and more, brotli first, then
 * gzip. Static files never reach it compressed on the fly: they come with their own `.br` and `.gz`
 * (http/web-app.ts), and an answer that already has a content-encoding is left alone. Server-sent
 * event streams are never compressed, so each event leaves as soon as it is written; nor are the
 * merchants' pictures (image/webp is not a type that compresses), which are compressed already.
 * A request body is never inflated: a compressed one is unreadable JSON and gets a 400.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });
}
