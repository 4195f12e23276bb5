import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, rani, signInAsMember, test, useEnglish } from './support.ts';

/*
 * Missions (docs/decisions/044-missions.md): the merchant starts a mission on Kopi Senja Rewards
 * that asks for one Butter croissant voucher from the shop; Rani buys it, and her missions page
 * opens the mission modal once, the mission is complete with its 60 points, and her inbox says so.
 */
const raniCardPath = '/cards/demo00006001010000000013';
const rewardsProgramId = '5eed0000-0000-4000-8000-000000000001';
const croissantProductId = '5eed0000-0000-4000-8000-000000000410';

test.use({ viewport: { width: 390, height: 844 } });

/**
 * Marks the missions Rani completed before as celebrated on this browser, as a phone she had used
 * would have them: a modal of an earlier run would otherwise cover the page.
 */
async function seenEarlierCompletions(page: Page) {
  const answer = await page.request.get(`/api/v2/cards/demo00006001010000000013/missions`, { headers: { host: 'localhost' } });
  const done = ((await answer.json()) as { data: Array<{ id: string; status: string }> }).data.filter((mission) => mission.status === 'completed').map((mission) => mission.id);
  await page.evaluate((ids) => localStorage.setItem('kartu.missions.celebrated', JSON.stringify(ids)), done);
}

/** The merchant's side, through the integration API with a development key of the demo merchant. */
async function merchantApi(request: APIRequestContext) {
  const made = await request.post('/api/dev/api-keys', { headers: { host: 'localhost' } });
  const { key } = (await made.json()) as { key: string };
  let calls = 0;
  return (path: string, data: object) => {
    calls += 1;
    return request.post(`/integration/v1${path}`, { headers: { host: 'localhost', authorization: `Bearer ${key}`, 'idempotency-key': `missions-e2e-${Date.now()}-${calls}` }, data });
  };
}

test('a member completes a mission by buying its product in the shop, sees the mission modal once and the inbox message', async ({ page, request }) => {
  const merchant = await merchantApi(request);
  const name = `Croissant morning ${Date.now().toString(36)}`;
  const created = await merchant('/missions', {
    programId: rewardsProgramId,
    name,
    description: 'One butter croissant voucher from the shop.',
    // From now: a croissant an earlier run bought does not count.
    startsAt: new Date(Date.now() - 1_000).toISOString(),
    endsAt: new Date(Date.now() + 3_600_000).toISOString(),
    reward: { kind: 'points', amount: 60 },
    tasks: [{ kind: 'buy_product', title: 'Buy a Butter croissant voucher', target: 1, productId: croissantProductId }],
  });
  expect(created.status(), await created.text()).toBe(201);
  const missionId = ((await created.json()) as { data: { id: string } }).data.id;
  // Points enough for the croissant, from a bill at the till.
  expect((await merchant('/purchases', { cardNumber: '6001010000000013', amount: 500_000, billNumber: `MISSION-${Date.now()}` })).status()).toBe(201);

  try {
    await useEnglish(page);
    await signInAsMember(page, request, rani.phone);
    await seenEarlierCompletions(page);
    await page.goto(raniCardPath);
    await page.getByRole('navigation', { name: 'Card menu' }).getByRole('link', { name: 'Missions' }).click();
    await expect(page).toHaveURL(`${raniCardPath}/mission-activities`);
    await expect(page.getByRole('heading', { level: 1, name: 'Missions' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Morning ritual' })).toBeVisible();
    await expectAccessible(page, 'the missions page');

    // The mission's task leads to the product in the shop.
    await page.getByRole('link', { name: new RegExp(name) }).first().click();
    await expect(page).toHaveURL(`${raniCardPath}/mission-activities/${missionId}`);
    await expect(page.getByRole('progressbar').first()).toBeVisible();
    await expectAccessible(page, 'a mission');
    await page.getByRole('link', { name: /Buy a Butter croissant voucher/ }).click();
    await expect(page).toHaveURL(new RegExp(`/mission-activities/${missionId}/task/[0-9a-f-]{36}$`));
    await expectAccessible(page, 'a mission task');
    await page.getByRole('link', { name: 'See Butter croissant voucher in the shop' }).click();
    await expect(page).toHaveURL(`${raniCardPath}/catalogs/evoucher/${croissantProductId}`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('link', { name: /^Cart, \d+ items?$/ }).click();
    await page.getByRole('link', { name: 'Checkout' }).click();
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(new RegExp(`${raniCardPath}/orders/[0-9a-f-]{36}$`), { timeout: 15_000 });

    // Back on her missions: the modal of the mission she just completed, once.
    await page.goto(`${raniCardPath}/mission-activities`);
    const modal = page.getByRole('dialog', { name: 'Mission complete!' });
    await expect(modal).toHaveAccessibleDescription(`You earned 60 points for “${name}”.`);
    await expectAccessible(page, 'the mission modal');
    await modal.getByRole('button', { name: 'See mission detail' }).click();
    await expect(page).toHaveURL(`${raniCardPath}/mission-activities/${missionId}`);
    await expect(page.getByText('Completed', { exact: true }).first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Mission complete!' })).toBeHidden();

    // The inbox tells of it, and opens the mission.
    await page.goto('/notifications');
    await page.getByRole('link', { name: new RegExp(`Mission complete: ${name}`) }).click();
    await expect(page).toHaveURL(`${raniCardPath}/mission-activities/${missionId}`);
  } finally {
    // Ended, so that no later test's purchase completes it.
    await merchant(`/missions/${missionId}/end`, {});
  }
});

test('a member checks in at a store for a mission: a wrong store code says the tries left, the right one records the visit', async ({ page, request }) => {
  // A mission of this run's own: the demo's Senayan one is done after a first run.
  const created = await (await merchantApi(request))('/missions', {
    programId: rewardsProgramId,
    name: `Senayan check-in ${Date.now().toString(36)}`,
    startsAt: new Date(Date.now() - 1_000).toISOString(),
    endsAt: new Date(Date.now() + 3_600_000).toISOString(),
    reward: { kind: 'points', amount: 20 },
    tasks: [{ kind: 'visit_store', title: 'Check in at Kopi Senja Senayan', target: 1 }],
  });
  expect(created.status(), await created.text()).toBe(201);
  const missionId = ((await created.json()) as { data: { id: string } }).data.id;
  await useEnglish(page);
  await signInAsMember(page, request, rani.phone);
  await seenEarlierCompletions(page);
  await page.goto(`${raniCardPath}/mission-activities/${missionId}`);
  await page.getByRole('link', { name: /Check in at Kopi Senja Senayan/ }).click();
  await expect(page).toHaveURL(new RegExp(`/mission-activities/${missionId}/task/[0-9a-f-]{36}$`));
  const form = page.getByRole('form', { name: 'Check in at the store' });
  await form.getByLabel('Store code').fill('WRONG99');
  await form.getByRole('button', { name: 'Check in' }).click();
  await expect(form.getByRole('alert')).toContainText(/Wrong store code\. \d tr(y|ies) left/);
  await expectAccessible(page, 'a store check-in with a wrong code');
  await form.getByLabel('Store code').fill('SENAYAN1');
  await form.getByRole('button', { name: 'Check in' }).click();
  // Once a store and day: a second run of this test on the same day finds it counted already.
  const status = form.getByRole('status');
  await expect(status).toHaveText(/Visit to Kopi Senja Senayan recorded\.|Your visit to Kopi Senja Senayan today is counted already\./);
  const counted = (await status.textContent())?.includes('recorded') === true;
  await page.goto(`${raniCardPath}/mission-activities/${missionId}`);
  if (counted) await expect(page.getByText('Completed', { exact: true }).first()).toBeVisible();
});
