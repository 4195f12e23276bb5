import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { defaultErrorMessage, errorStatus, type ErrorBody, type ErrorCode, type SiteState } from '@kartu/contracts';
import { renderPage } from '../../components/ui/test-utils.tsx';

/** Test support for the sign-in feature: server answers shaped by the contracts, and a page harness. */
export function okAnswer(body?: unknown, status = 200): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function errorAnswer(code: ErrorCode, extra: Partial<ErrorBody> = {}): Response {
  const status = errorStatus[code];
  const body: ErrorBody = { statusCode: status, code, message: defaultErrorMessage[code], ...extra };
  return okAnswer(body, status);
}

/** A fetch stub that answers by path, in order, and remembers each request body. */
export function stubServer(answers: Record<string, Array<() => Response>>) {
  const requests: Array<{ path: string; body: unknown }> = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const path = String(input).split('?')[0] ?? '';
    requests.push({ path, body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined });
    const next = answers[path]?.shift();
    if (!next) throw new Error(`No answer prepared for ${path}`);
    return next();
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    bodiesOf: (path: string) => requests.filter((request) => request.path === path).map((request) => request.body),
  };
}

export const signedInUser = {
  id: 'u-100',
  maskedId: 'MK-100',
  merchantId: 42,
  email: null,
  phone: '081234567890',
  name: 'Sari',
  country: 'ID',
};

export function signInAnswer(overrides: { isNewUser?: boolean; pinRequired?: boolean; loginType?: 'otp' | 'pin' } = {}) {
  return {
    user: signedInUser,
    isNewUser: overrides.isNewUser ?? false,
    loginType: overrides.loginType ?? 'otp',
    accessToken: 'token-abc',
    expiresIn: 3600,
    pinRequired: overrides.pinRequired ?? true,
  };
}

/** GET /api/auth/session, or verify-otp for a new phone: the member as the session now holds them. */
export function sessionAnswer(user: Partial<typeof signedInUser> = {}) {
  return { user: { ...signedInUser, ...user }, loginType: 'otp', pinRequired: false, needSetPhone: false };
}

/** Renders a page of this feature with its own query cache, at the last history entry. */
export function renderAuthPage(page: ReactElement, options: { history?: string[]; site?: SiteState } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return renderPage(<QueryClientProvider client={queryClient}>{page}</QueryClientProvider>, options);
}
