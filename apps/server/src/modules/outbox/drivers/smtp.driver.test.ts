import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PermanentDeliveryError, type OutboxMessage } from '../outbox.driver.ts';
import { createSmtpDriver, parseSmtpUrl } from './smtp.driver.ts';

/** What the mail server received in one conversation. */
interface Conversation {
  commands: string[];
  data: string;
}

/** A mail server on 127.0.0.1 that speaks just enough SMTP, and refuses one chosen recipient. */
function startMailServer(refusedRecipient: string): Promise<{ server: Server; port: number; conversations: Conversation[] }> {
  const conversations: Conversation[] = [];
  const server = createServer((socket: Socket) => {
    const conversation: Conversation = { commands: [], data: '' };
    conversations.push(conversation);
    let buffer = '';
    let readingData = false;
    socket.setEncoding('utf8');
    socket.write('220 sink.test ESMTP\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (readingData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          conversation.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          readingData = false;
          socket.write('250 2.0.0 queued\r\n');
          continue;
        }
        const lineEnd = buffer.indexOf('\r\n');
        if (lineEnd === -1) return;
        const line = buffer.slice(0, lineEnd);
        buffer = buffer.slice(lineEnd + 2);
        conversation.commands.push(line);
        const verb = line.split(' ')[0]?.toUpperCase();
        if (verb === 'EHLO') socket.write('250-sink.test\r\n250-AUTH PLAIN LOGIN\r\n250 8BITMIME\r\n');
        else if (verb === 'AUTH') socket.write('235 2.7.0 accepted\r\n');
        else if (verb === 'MAIL') socket.write('250 2.1.0 ok\r\n');
        else if (verb === 'RCPT') socket.write(line.includes(refusedRecipient) ? '550 5.1.1 no such user\r\n' : '250 2.1.5 ok\r\n');
        else if (verb === 'DATA') {
          readingData = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else if (verb === 'RSET') socket.write('250 ok\r\n');
        else socket.write('502 not here\r\n');
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port, conversations }));
  });
}

const message: OutboxMessage = {
  id: 'msg-1',
  merchantId: 1,
  channel: 'email',
  recipient: 'ayu@example.com',
  subject: 'Your Kopi Senja code',
  text: 'Your code is 482913',
};

let mail: Awaited<ReturnType<typeof startMailServer>>;

beforeAll(async () => {
  mail = await startMailServer('nobody@example.com');
});
afterAll(async () => {
  await new Promise((resolve) => mail.server.close(resolve));
});
beforeEach(() => {
  mail.conversations.length = 0;
});

describe('createSmtpDriver', () => {
  it('sends the message through a real SMTP conversation, signed in with the URL credentials', async () => {
    const driver = createSmtpDriver(`smtp://mailer%40kartu:s3cr%2Ft@127.0.0.1:${mail.port}?from=hello%40kopisenja.test`);
    await driver.deliver(message);

    const [conversation] = mail.conversations;
    expect(conversation).toBeDefined();
    const auth = conversation?.commands.find((command) => command.startsWith('AUTH PLAIN'))?.split(' ')[2] ?? '';
    expect(Buffer.from(auth, 'base64').toString('utf8')).toBe('\0mailer@kartu\0s3cr/t');
    expect(conversation?.commands).toContain('MAIL FROM:<hello@kopisenja.test>');
    expect(conversation?.commands).toContain('RCPT TO:<ayu@example.com>');
    expect(conversation?.data).toContain('Subject: Your Kopi Senja code');
    expect(conversation?.data).toContain('Your code is 482913');
  });

  it('sends from no-reply at the mail host when the URL names no sender', async () => {
    const driver = createSmtpDriver(`smtp://127.0.0.1:${mail.port}`);
    await driver.deliver(message);
    expect(mail.conversations[0]?.commands).toContain('MAIL FROM:<no-reply@127.0.0.1>');
    expect(mail.conversations[0]?.commands.some((command) => command.startsWith('AUTH'))).toBe(false);
  });

  it('reports a refused recipient without quoting the message', async () => {
    const driver = createSmtpDriver(`smtp://127.0.0.1:${mail.port}`);
    const failure = await driver.deliver({ ...message, recipient: 'nobody@example.com' }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(/^SMTP delivery failed: \w+ 550$/);
    expect((failure as Error).message).not.toContain('482913');
    expect(failure).toBeInstanceOf(PermanentDeliveryError);
  });

  it('refuses messages of other channels', async () => {
    const driver = createSmtpDriver(`smtp://127.0.0.1:${mail.port}`);
    await expect(driver.deliver({ ...message, channel: 'sms', recipient: '+628123456789' })).rejects.toThrow(/cannot deliver sms/);
    expect(mail.conversations).toHaveLength(0);
  });

  it('keeps no codes readable', () => {
    expect(createSmtpDriver('smtp://mail.example.com').keepsCodes).toBe(false);
  });
});

describe('parseSmtpUrl', () => {
  it('uses TLS from the start on smtps, port 465 by default', () => {
    expect(parseSmtpUrl('smtps://u:p@mail.example.com').transport).toMatchObject({ host: 'mail.example.com', port: 465, secure: true });
  });

  it('uses port 587 without implicit TLS on smtp by default', () => {
    expect(parseSmtpUrl('smtp://mail.example.com').transport).toMatchObject({ port: 587, secure: false });
    expect(parseSmtpUrl('smtp://mail.example.com').from).toBe('no-reply@mail.example.com');
  });

  it('rejects other schemes without repeating the URL', () => {
    expect(() => parseSmtpUrl('https://u:hunter2@mail.example.com')).toThrow(/smtp:\/\/ or smtps:\/\//);
    expect(() => parseSmtpUrl('not a url hunter2')).toThrow(/^SMTP_URL is not a valid URL$/);
  });
});
