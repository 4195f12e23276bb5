/** What a provider's HTTP API answered: its status, and its body read as JSON (undefined when it is not). */
export interface ProviderAnswer {
  status: number;
  ok: boolean;
  json: unknown;
  /** The body as sent, for a message when it is not the JSON asked for. */
  text: string;
}

/**
 * One call to a provider's JSON API with HTTP Basic auth of a secret key and an empty password (as
 * Midtrans and Xendit both take it), cut off after `timeoutMs`.
 */
export async function callProvider({
  method,
  url,
  secretKey,
  body,
  timeoutMs,
}: {
  method: 'GET' | 'POST';
  url: string;
  secretKey: string;
  body?: object | undefined;
  timeoutMs: number;
}): Promise<ProviderAnswer> {
  const response = await fetch(url, {
    method,
    headers: {
      accept: 'application/json',
      authorization: `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`,
      ...(body && { 'content-type': 'application/json' }),
    },
    ...(body && { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, ok: response.ok, json, text };
}
