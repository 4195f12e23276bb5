import type { z } from 'zod';
import { callProvider } from './provider-http.ts';

/** What Xendit answered over HTTP that is not what was asked for; `status` is its HTTP status. */
export class XenditAnswerError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(`Xendit ${message}`);
    this.name = 'XenditAnswerError';
  }
}

export interface XenditApi {
  baseUrl: string;
  secretKey: string;
  timeoutMs: number;
}

/**
 * One call to Xendit's JSON API outside the SDK (the card API, Invoices): Basic auth with the
 * secret key and an empty password, a time limit, and the answer read with `schema`. What Xendit
 * says of a refusal (its error code and message) goes into the error; the key never does.
 */
export async function callXendit<T>(api: XenditApi, request: { method: 'GET' | 'POST'; path: string; body?: object; what: string }, schema: z.ZodType<T>): Promise<T> {
  const { method, path, body, what } = request;
  const { status, ok, json, text } = await callProvider({ method, url: `${api.baseUrl}${path}`, secretKey: api.secretKey, body, timeoutMs: api.timeoutMs });
  if (json === undefined) throw new XenditAnswerError(status, `answered ${method} ${path} with no JSON: ${text.slice(0, 200)}`);
  if (!ok) {
    const answer = typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : {};
    const said = `${String(answer.error_code ?? '')} ${String(answer.message ?? '')}`.trim();
    throw new XenditAnswerError(status, `refused ${method} ${path} (HTTP ${status}): ${said}`);
  }
  const read = schema.safeParse(json);
  if (!read.success) throw new XenditAnswerError(status, `answered ${method} ${path} with no ${what}`);
  return read.data;
}
