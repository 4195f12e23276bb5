import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribeAnswerSchema, voucherWalletSchema } from '@kartu/contracts';
import type { TestApp } from '../../test/test-app.ts';
import { merchantIdOf } from '../../test/test-app.ts';
import { send } from '../cards/cards.test-support.ts';
import { createPaymentsTestApp } from '../payments/payments.test-support.ts';
import { createVoucherTemplate } from './vouchers.service.ts';
import { setPlanVouchers } from './plan-vouchers.service.ts';
import { newSubscriptionProgram, sandboxAction, subscribeAs, subscriber, type SubscriptionProgram } from '../subscriptions/subscriptions.test-support.ts';

let testApp: TestApp;
let merchantId: number;
let program: SubscriptionProgram;

beforeAll(async () => {
  testApp = await createPaymentsTestApp();
  merchantId = await merchantIdOf(testApp.db);
  program = await newSubscriptionProgram(testApp, merchantId);
  const monthlyTreat = await createVoucherTemplate(testApp.db, { merchantId, programId: program.programId, name: 'Club Kopi Susu', usableAt: 'in_store', validityDays: 31 });
  await setPlanVouchers({ db: testApp.db, merchantId, planId: program.monthly.id, templateId: monthlyTreat.id, quantity: 2 });
});
afterAll(async () => {
  await testApp.close();
});

describe("a plan's vouchers", () => {
  it('come with each paid period, once however often its payment message arrives', async () => {
    const member = await subscriber(testApp, merchantId, program);
    const subscribed = await subscribeAs(testApp, member, { planId: program.monthly.id });
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    const { payment } = subscribeAnswerSchema.parse(subscribed.json());
    const wallet = async () => voucherWalletSchema.parse((await send(testApp, 'GET', `/api/v2/vouchers?cardId=${member.card.id}`, { member })).json()).data;
    expect(await wallet()).toEqual([]);

    expect((await sandboxAction(testApp, payment.id, 'pay')).statusCode).toBe(200);
    expect((await sandboxAction(testApp, payment.id, 'pay')).statusCode).toBe(200);
    const stacks = await wallet();
    expect(stacks.map((stack) => [stack.template.name, stack.activeCount])).toEqual([['Club Kopi Susu', 2]]);
  });

  it("refuses a template of another program than the plan's, and stops with a quantity of 0", async () => {
    const other = await createVoucherTemplate(testApp.db, { merchantId, programId: (await newSubscriptionProgram(testApp, merchantId)).programId, name: 'Elsewhere', usableAt: 'in_store', validityDays: 7 });
    await expect(setPlanVouchers({ db: testApp.db, merchantId, planId: program.monthly.id, templateId: other.id, quantity: 1 })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(setPlanVouchers({ db: testApp.db, merchantId, planId: program.monthly.id, templateId: other.id, quantity: 21 })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
