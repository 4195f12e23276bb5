import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PermanentDeliveryError, type OutboxMessage } from '../outbox.driver.ts';
import { createHttpDriver } from './http.driver.ts';

interface ReceivedRequest {
  method: string | undefined;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

const received: ReceivedRequest[] = [];
/** How the fake provider answers the next request. */
let answer: { status: number; delayMs: number } = { status: 202, delayMs: 0 };
let server: Server;
let providerUrl: string;

async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  return body;
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const body = await readBody(request);
  received.push({
    method: request.method,
    authorization: request.headers.authorization,
    contentType: request.headers['content-type'],
    body: JSON.parse(body),
  });
  const { status, delayMs } = answer;
  setTimeout(() => response.writeHead(status, { 'content-type': 'text/plain' }).end(`rejected: ${body}`), delayMs);
}

beforeAll(async () => {
  server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  providerUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/messages`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  received.length = 0;
  answer = { status: 202, delayMs: 0 };
});

const message: OutboxMessage = {
  id: 'msg-42',
  merchantId: 1,
  channel: 'sms',
  recipient: '+628123456789',
  subject: 'Kopi Senja',
  text: 'Your code is 482913',
};

describe('createHttpDriver', () => {
  it('posts the message as JSON with the bearer token', async () => {
    await createHttpDriver({ url: providerUrl, token: 'provider-token' }).deliver(message);
    expect(received).toEqual([
      {
        method: 'POST',
        authorization: 'Bearer provider-token',
        contentType: 'application/json',
        body: { channel: 'sms', to: '+628123456789', text: 'Your code is 482913', reference: 'msg-42' },
      },
    ]);
  });

  it('sends WhatsApp messages with their channel', async () => {
    await createHttpDriver({ url: providerUrl, token: 't' }).deliver({ ...message, channel: 'whatsapp' });
    expect(received[0]?.body).toMatchObject({ channel: 'whatsapp' });
  });

  it('fails with only the status when the provider refuses, never the echoed body', async () => {
    answer = { status: 422, delayMs: 0 };
    const failure = await createHttpDriver({ url: providerUrl, token: 't' })
      .deliver(message)
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe('The SMS provider answered 422');
    // A refusal of the message itself is final: retrying it cannot help.
    expect(failure).toBeInstanceOf(PermanentDeliveryError);
  });

  it.each([429, 408, 503])('leaves an answer %i worth another try', async (status) => {
    answer = { status, delayMs: 0 };
    const failure = await createHttpDriver({ url: providerUrl, token: 't' }).deliver(message).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(PermanentDeliveryError);
  });

  it('gives up when the provider does not answer in time', async () => {
    answer = { status: 200, delayMs: 1_000 };
    await expect(createHttpDriver({ url: providerUrl, token: 't', timeoutMs: 100 }).deliver(message)).rejects.toThrow(
      'The SMS provider did not answer in time',
    );
  });

  it('fails plainly when the provider cannot be reached', async () => {
    await expect(createHttpDriver({ url: 'http://127.0.0.1:1/messages', token: 't' }).deliver(message)).rejects.toThrow(
      'The SMS provider could not be reached',
    );
  });

  it('refuses e-mail messages without calling the provider', async () => {
    await expect(createHttpDriver({ url: providerUrl, token: 't' }).deliver({ ...message, channel: 'email' })).rejects.toThrow(
      /cannot deliver email/,
    );
    expect(received).toHaveLength(0);
  });
});
