import { requestHeaders, type ErrorBody } from '@kartu/contracts';
import { DEFAULT_TIME_ZONE } from '@kartu/core/constants';
import { ApiError, clientErrorCodes } from './api-error.ts';
import { getDeviceId } from './device-id.ts';
import { getPosition } from './position.ts';
import { getRequestLanguage } from './request-language.ts';
import { clearSession, isSignedIn } from './session.ts';

export { ApiError, describeApiError, fieldMessagesOf } from './api-error.ts';
export { setRequestLanguage } from './request-language.ts';

/** Anything with a `parse` (a zod schema) can check an answer; kept structural so zod stays off the first load. */
export interface AnswerSchema<T> {
  parse(data: unknown): T;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<T> {
  body?: unknown;
  /** A file sent as the body as it is, its type as the Content-Type (an uploaded image), instead of JSON. */
  file?: Blob;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  schema?: AnswerSchema<T>;
  /** Extra headers for this call only, e.g. `Idempotency-Key` on a write the caller may resend. */
  headers?: Record<string, string>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

let merchantId: string | null = null;
let merchantTimezone: string | null = null;
let bearerToken: string | null = null;
let pending = 0;
const pendingListeners = new Set<(count: number) => void>();
const unauthorizedListeners = new Set<() => void>();

/** Called once the site has booted: every later call names the merchant (spec: app-core §7). */
export function setMerchantContext(context: { maskedMerchantId: string; timezone: string | null }): void {
  merchantId = context.maskedMerchantId;
  merchantTimezone = context.timezone;
}

/** App view mode: the native shell hands us a token instead of relying on the cookie. */
export function setBearerToken(token: string | null): void {
  bearerToken = token;
}

export function onPendingChange(listener: (count: number) => void): () => void {
  pendingListeners.add(listener);
  return () => pendingListeners.delete(listener);
}

/** The router listens here to leave for '/' when the server says the session is gone. */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export function getPendingCount(): number {
  return pending;
}

function setPending(next: number): void {
  pending = next;
  for (const listener of pendingListeners) listener(pending);
}

/** spec: app-core §9: browser zone first, then the merchant's, then Asia/Jakarta. */
export function resolveTimezone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone) return zone;
  } catch {
    // Older engines without time zone support fall through to the merchant's zone.
  }
  return merchantTimezone ?? DEFAULT_TIME_ZONE;
}

/** The address of an API call as the client spells it: `/api/v2/cards?page=1&view=active`. */
export function buildUrl(path: string, query: Record<string, QueryValue> | undefined): string {
  const url = path.startsWith('/') ? path : `/${path}`;
  if (!query) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${url}?${text}` : url;
}

function buildHeaders(contentType: string | undefined, extra: Record<string, string> | undefined): Headers {
  const headers = new Headers({ accept: 'application/json', ...extra });
  if (contentType) headers.set('content-type', contentType);
  if (merchantId) headers.set(requestHeaders.merchant, merchantId);
  const position = getPosition();
  if (position) {
    headers.set(requestHeaders.latitude, String(position.latitude));
    headers.set(requestHeaders.longitude, String(position.longitude));
  }
  headers.set(requestHeaders.timezone, resolveTimezone());
  headers.set(requestHeaders.deviceId, getDeviceId());
  if (bearerToken) headers.set('authorization', `Bearer ${bearerToken}`);
  const requestLanguage = getRequestLanguage();
  if (requestLanguage) headers.set('accept-language', requestLanguage);
  return headers;
}

function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  return typeof body.code === 'string' && typeof body.message === 'string';
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = await readJson(response).catch(() => undefined);
  if (isErrorBody(body)) {
    return new ApiError({
      status: response.status,
      code: body.code,
      message: body.message,
      details: body.details,
      attemptsRemaining: body.attemptsRemaining,
      lockedUntil: body.lockedUntil,
      currentTime: body.currentTime,
    });
  }
  return new ApiError({ status: response.status, code: `HTTP_${response.status}`, message: response.statusText });
}

function handleUnauthorized(): void {
  // spec: app-core §8: 401 signs the member out (if any) and goes to '/', without a message.
  if (isSignedIn()) clearSession();
  for (const listener of unauthorizedListeners) listener();
}

async function request<T>(method: Method, path: string, options: RequestOptions<T> = {}): Promise<T> {
  const hasBody = options.body !== undefined;
  const contentType = options.file ? options.file.type : hasBody ? 'application/json' : undefined;
  setPending(pending + 1);
  try {
    let response: Response;
    try {
      response = await fetch(buildUrl(path, options.query), {
        method,
        headers: buildHeaders(contentType, options.headers),
        body: options.file ?? (hasBody ? JSON.stringify(options.body) : undefined),
        credentials: 'same-origin',
        signal: options.signal,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError({ status: 0, code: clientErrorCodes.network, message: 'No answer from the server' });
    }
    if (!response.ok) {
      const error = await toApiError(response);
      // An invalid single sign-on link is a 401 of its own: its page explains it, nobody is signed out.
      if (response.status === 401 && error.code !== 'SSO_INVALID') handleUnauthorized();
      throw error;
    }
    const data = await readJson(response);
    if (!options.schema) return data as T;
    try {
      return options.schema.parse(data);
    } catch {
      throw new ApiError({ status: response.status, code: clientErrorCodes.unreadable, message: 'Unexpected answer' });
    }
  } finally {
    setPending(pending - 1);
  }
}

/** The one API client: same origin, merchant and position headers, errors as ApiError. */
export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions<T>, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, options?: RequestOptions<T>) => request<T>('POST', path, options),
  put: <T>(path: string, options?: RequestOptions<T>) => request<T>('PUT', path, options),
  patch: <T>(path: string, options?: RequestOptions<T>) => request<T>('PATCH', path, options),
  delete: <T>(path: string, options?: RequestOptions<T>) => request<T>('DELETE', path, options),
};
