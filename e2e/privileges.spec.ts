import type { APIRequestContext } from '@playwright/test';
import { expect, expectAccessible, rani, signInAsMember, test, useEnglish } from './support.ts';

/*
 * Perks (docs/decisions/045-privileges.md): the merchant offers Rani's program a survey and a voucher
 * perk of their own (so that a retry starts afresh); Rani answers the survey, is refused until every
 * required question is answered, reviews her answer's state, and claims the voucher once; the
 * merchant approves her answer and her inbox says so.
 */
const raniCardPath = '/cards/demo00006001010000000013';
const rewardsProgramId = '5eed0000-0000-4000-8000-000000000001';
const croissantTemplateId = '5eed0000-0000-4000-8000-000000000602';

test.use({ viewport: { width: 390, height: 844 } });

async function merchantApi(request: APIRequestContext) {
  const made = await request.post('/api/dev/api-keys', { headers: { host: 'localhost' } });
  const { key } = (await made.json()) as { key: string };
  let calls = 0;
  return (path: string, data: object) => {
    calls += 1;
    return request.post(`/integration/v1${path}`, { headers: { host: 'localhost', authorization: `Bearer ${key}`, 'idempotency-key': `perks-e2e-${Date.now()}-${calls}` }, data });
  };
}

test('a member answers a perk survey, follows its review until the merchant approves it, and claims a voucher perk once', async ({ page, request }) => {
  const merchant = await merchantApi(request);
  const suffix = Date.now().toString(36);
  const surveyTitle = `Brunch survey ${suffix}`;
  const voucherTitle = `Croissant perk ${suffix}`;
  const survey = await merchant('/perks', {
    programId: rewardsProgramId,
    kind: 'survey',
    title: surveyTitle,
    description: 'Help us plan weekend brunch.',
    rewardPoints: 40,
    questions: [
      { name: 'dish', label: 'Your favourite brunch dish', type: 'single', required: true, options: ['Nasi goreng', 'Pancakes', 'Avocado toast'] },
      { name: 'extras', label: 'What else should we serve?', type: 'multiple', options: ['Fresh juice', 'Pastries', 'Tea'] },
      { name: 'visit', label: 'When would you come?', type: 'date', required: true },
      { name: 'comments', label: 'Anything else', type: 'text' },
    ],
  });
  expect(survey.status(), await survey.text()).toBe(201);
  const surveyId = ((await survey.json()) as { data: { id: string } }).data.id;
  const voucher = await merchant('/perks', { programId: rewardsProgramId, kind: 'voucher', title: voucherTitle, voucher: { templateId: croissantTemplateId, quantity: 1 } });
  expect(voucher.status(), await voucher.text()).toBe(201);

  await useEnglish(page);
  await signInAsMember(page, request, rani.phone);
  await page.goto(raniCardPath);
  await page.getByRole('navigation', { name: 'Card menu' }).getByRole('link', { name: 'Perks' }).click();
  await expect(page).toHaveURL(`${raniCardPath}/privileges`);
  await expect(page.getByRole('heading', { level: 1, name: 'Perks' })).toBeVisible();
  await expect(page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Gold members: a free tumbler refill' }) })).toContainText('Locked');
  await expectAccessible(page, 'the perks page');

  // The survey: the required questions are asked for before anything is sent.
  await page.getByRole('link', { name: new RegExp(surveyTitle) }).click();
  await expect(page).toHaveURL(`${raniCardPath}/privileges/${surveyId}`);
  await expectAccessible(page, 'a survey perk');
  await page.getByRole('link', { name: 'Answer the survey' }).click();
  await expect(page).toHaveURL(`${raniCardPath}/privileges/${surveyId}/survey`);
  await page.getByRole('checkbox', { name: 'Pastries' }).check();
  await page.getByRole('button', { name: 'Send my answers' }).click();
  await expect(page.getByRole('radiogroup', { name: 'Your favourite brunch dish' })).toHaveAccessibleDescription('Must choose one option');
  await expect(page.getByRole('textbox', { name: 'When would you come?' })).toHaveAccessibleDescription(/field is required/);
  await expectAccessible(page, 'the survey with its errors');
  await page.getByRole('radio', { name: 'Pancakes' }).check();
  await page.getByRole('textbox', { name: 'When would you come?' }).fill('2026-12-06');
  await page.getByRole('textbox', { name: /Anything else/ }).fill('Oat milk, please');
  await page.getByRole('button', { name: 'Send my answers' }).click();
  await expect(page).toHaveURL(new RegExp(`${raniCardPath}/privileges/${surveyId}/answers/[0-9a-f-]{36}$`));
  const answerId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  await expect(page.getByText('Your answer is reviewed within 2 working days.')).toBeVisible();
  await expect(page.getByText('Pancakes')).toBeVisible();
  await expectAccessible(page, 'an answer in review');

  // The merchant approves it: 40 points and a message.
  const approved = await merchant(`/perk-answers/${answerId}/review`, { decision: 'approve' });
  expect(approved.status(), await approved.text()).toBe(200);
  await page.reload();
  await expect(page.getByText('Approved').first()).toBeVisible();
  await page.goto('/notifications');
  await expect(page.getByRole('link', { name: new RegExp(`Your answer to ${surveyTitle} was approved`) })).toBeVisible();

  // The voucher perk, claimed once.
  await page.goto(`${raniCardPath}/privileges`);
  await page.getByRole('link', { name: new RegExp(voucherTitle) }).click();
  await page.getByRole('button', { name: 'Claim' }).click();
  const confirm = page.getByRole('dialog', { name: 'Claim this perk?' }).or(page.getByRole('alertdialog', { name: 'Claim this perk?' }));
  await expectAccessible(page, 'the claim dialog');
  await confirm.getByRole('button', { name: 'Yes, claim' }).click();
  await expect(page.getByText('You claimed this perk')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Claim' })).toBeHidden();
  await page.reload();
  await expect(page.getByText('You claimed this perk')).toBeVisible();
});
