import { expect, rani, signInAsMember, test, useEnglish } from './support.ts';

/*
 * Target achievement (docs/decisions/043-target-achievement.md): Rani's Kopi Senja Rewards card has
 * the demo's two targets; a bill the till reports reaches the yearly one, and its reward is paid once.
 */
const raniCardPath = '/cards/demo00006001010000000013';
const yearlyTargetId = '5eed0000-0000-4000-8000-000000000111';

test.use({ viewport: { width: 390, height: 844 } });

test("a member follows her card's targets, and a bill at the till reaches the yearly one, paying its reward once", async ({ page, request }) => {
  await useEnglish(page);
  await signInAsMember(page, request, rani.phone);
  await page.goto(raniCardPath);
  await page.getByRole('navigation', { name: 'Card menu' }).getByRole('link', { name: 'Targets' }).click();
  await expect(page).toHaveURL(`${raniCardPath}/target-achievement`);
  await expect(page.getByRole('heading', { level: 1, name: 'Targets' })).toBeVisible();
  const yearly = page.getByRole('progressbar', { name: 'Progress towards Senja Regular of the year' });
  await expect(yearly).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Progress towards Collect 1,000 points this season' })).toBeVisible();

  const balance = async () => ((await (await page.request.get(`/api/v2/cards/demo00006001010000000013`, { headers: { host: 'localhost' } })).json()) as { balance: { amount: number } }).balance.amount;
  const before = await balance();
  // Other tests earn on Rani's card too: what the bill reaches is worked out from the targets as they stand.
  type Standing = { id: string; kind: 'spend' | 'collect'; target: number; progress: number; reward: number; achieved: boolean };
  const standing = ((await (await page.request.get('/api/v2/cards/demo00006001010000000013/targets', { headers: { host: 'localhost' } })).json()) as { data: Standing[] }).data;

  // The till reports a bill of Rp 2.000.000 on her card.
  const made = await request.post('/api/dev/api-keys', { headers: { host: 'localhost' } });
  const { key } = (await made.json()) as { key: string };
  const bought = await request.post('/integration/v1/purchases', {
    headers: { host: 'localhost', authorization: `Bearer ${key}`, 'idempotency-key': `target-e2e-${Date.now()}` },
    data: { cardNumber: '6001010000000013', amount: 2_000_000, billNumber: `YEAR-${Date.now()}` },
  });
  expect(bought.status()).toBe(201);
  const { earned } = (await bought.json()) as { earned: number };

  const reached = standing.filter((target) => !target.achieved && target.progress + (target.kind === 'spend' ? 2_000_000 : earned) >= target.target);
  const rewards = reached.reduce((sum, target) => sum + target.reward, 0);
  // The yearly target is reached by this bill, or was by an earlier run of this test this year.
  expect(standing.find((target) => target.id === yearlyTargetId)?.achieved || reached.some((target) => target.id === yearlyTargetId)).toBe(true);

  await page.goto(`${raniCardPath}/target-achievement/${yearlyTargetId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Senja Regular of the year' })).toBeVisible();
  await expect(page.getByText('Target reached')).toBeVisible();
  await expect(page.getByText('Achieved', { exact: true }).first()).toBeVisible();
  // Each target the bill reached pays its reward (the bill's points may complete the season too), once however often she looks.
  expect(await balance()).toBe(before + earned + rewards);
  await page.reload();
  await expect(page.getByText('Target reached')).toBeVisible();
  expect(await balance()).toBe(before + earned + rewards);
});
