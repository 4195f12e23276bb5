import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const port = Number(process.env.E2E_PORT ?? 4173);

/** A phone number no other test uses, in the national form a member types. */
export function uniquePhone(): string {
  return `0812${String(Date.now()).slice(-8)}`;
}

/** The newest one-time code the development outbox holds for a recipient. */
export async function readCode(request: APIRequestContext, to: string, host = 'localhost'): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const answer = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`, { headers: { host } });
      const body = (await answer.json()) as { data: { code: string | null }[] };
      code = body.data[0]?.code ?? undefined;
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code as string;
}

/** Types digits into a code or PIN field; the field submits by itself at the last digit. */
export async function typeDigits(page: Page, label: string | RegExp, digits: string): Promise<void> {
  const field = page.getByLabel(label);
  await field.click();
  await field.pressSequentially(digits);
}

/** The app in English whatever the merchant's default language. */
export async function useEnglish(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('i18n-lang', 'en'));
}
