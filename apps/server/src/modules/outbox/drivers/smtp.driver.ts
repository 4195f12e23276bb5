import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { PermanentDeliveryError, type OutboxDriver, type OutboxMessage } from '../outbox.driver.ts';

/** The sender address and connection settings that an SMTP_URL spells. */
export interface SmtpSettings {
  from: string;
  transport: SMTPTransport.Options;
}

const defaultPorts = { 'smtp:': 587, 'smtps:': 465 } as const;

function isSmtpProtocol(protocol: string): protocol is keyof typeof defaultPorts {
  return protocol in defaultPorts;
}

/**
 * Reads `smtp://user:pass@host:587?from=...` (STARTTLS when the server offers it) or `smtps://...`
 * (TLS from the first byte). User and password may be percent-encoded, as in any URL.
 */
export function parseSmtpUrl(url: string): SmtpSettings {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // The URL carries a password, so it is never repeated in the error.
    throw new Error('SMTP_URL is not a valid URL');
  }
  if (!isSmtpProtocol(parsed.protocol)) throw new Error('SMTP_URL must start with smtp:// or smtps://');
  if (!parsed.hostname) throw new Error('SMTP_URL needs a host');

  const user = decodeURIComponent(parsed.username);
  const pass = decodeURIComponent(parsed.password);
  return {
    from: parsed.searchParams.get('from') ?? `no-reply@${parsed.hostname}`,
    transport: {
      host: parsed.hostname,
      port: parsed.port ? Number(parsed.port) : defaultPorts[parsed.protocol],
      secure: parsed.protocol === 'smtps:',
      ...(user && { auth: { user, pass } }),
      // A stuck mail server must not hold an outbox worker for minutes.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
      // Messages carry sign-in codes: nodemailer must never write the conversation to a log.
      logger: false,
      debug: false,
    },
  };
}

interface SmtpFailure {
  code?: unknown;
  responseCode?: unknown;
}

/** Only the failure's kind and SMTP status: the server's full reply may quote the message. */
function describeFailure(error: unknown): string {
  const { code, responseCode } = (typeof error === 'object' && error !== null ? error : {}) as SmtpFailure;
  const parts = [typeof code === 'string' ? code : 'unknown error', typeof responseCode === 'number' ? String(responseCode) : ''];
  return `SMTP delivery failed: ${parts.filter(Boolean).join(' ')}`;
}

/** E-mail delivery through an SMTP server (ARCHITECTURE 'Outbound messages'). */
export function createSmtpDriver(url: string): OutboxDriver {
  const settings = parseSmtpUrl(url);
  const transporter = nodemailer.createTransport(settings.transport);

  return {
    name: 'smtp',
    keepsCodes: false,
    async deliver(message: OutboxMessage): Promise<void> {
      if (message.channel !== 'email') throw new Error(`The SMTP driver cannot deliver ${message.channel} messages`);
      try {
        await transporter.sendMail({ from: settings.from, to: message.recipient, subject: message.subject, text: message.text });
      } catch (error) {
        // SMTP's 5xx replies are final (no such mailbox, refused content); 4xx and lost connections are worth another try.
        const { responseCode } = (typeof error === 'object' && error !== null ? error : {}) as SmtpFailure;
        if (typeof responseCode === 'number' && responseCode >= 500) throw new PermanentDeliveryError(describeFailure(error));
        throw new Error(describeFailure(error));
      }
    },
  };
}
