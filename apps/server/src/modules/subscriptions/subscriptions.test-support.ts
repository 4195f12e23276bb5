import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { CardTokenInput } from '@kartu/contracts';
import type { TestApp } from '../../test/test-app.ts';
import { memberWithCard, newProgram, send, type CardMember } from '../cards/cards.test-support.ts';
import { createSubscriptionPlan } from './subscriptions.service.ts';
import type { SubscriptionPlanRow } from './subscriptions.table.ts';

// Shared steps of the subscription tests: a subscription program with plans, members, payments.

export interface SubscriptionProgram {
  programId: string;
  monthly: SubscriptionPlanRow;
  yearly: SubscriptionPlanRow;
}

export async function newSubscriptionProgram(testApp: TestApp, merchantId: number): Promise<SubscriptionProgram> {
  const program = await newProgram(testApp, merchantId, { name: 'Test Club', type: 'subscription', unit: 'POINT', expiryPolicy: 'none', expiryDays: null });
  const base = { merchantId, programId: program.id, currency: 'IDR' };
  const monthly = await createSubscriptionPlan({
    db: testApp.db,
    plan: {
      ...base,
      name: 'Monthly',
      durationMonths: 1,
      priceMinor: 49_000n,
      sortOrder: 1,
      feeRules: [
        { type: 'admin', fixedMinor: 2_500 },
        { type: 'tax', basisPoints: 1_100 },
        { type: 'convenience', basisPoints: 150, methods: ['credit_card'] },
      ],
    },
  });
  const yearly = await createSubscriptionPlan({ db: testApp.db, plan: { ...base, name: 'Yearly', durationMonths: 12, priceMinor: 490_000n, sortOrder: 2, autoRenewDefault: true } });
  return { programId: program.id, monthly, yearly };
}

export function subscriber(testApp: TestApp, merchantId: number, { programId }: SubscriptionProgram): Promise<CardMember> {
  return memberWithCard(testApp, { merchantId, programId });
}

/** A card tokenised by the sandbox in the member's browser; `decline` makes every charge of it fail. */
export function sandboxCard({ decline = false, last4 = '4242' }: { decline?: boolean; last4?: string } = {}): CardTokenInput {
  return { token: `sandbox_card_${decline ? 'decline' : 'ok'}_visa_${last4}`, brand: 'visa', last4, expiryMonth: 12, expiryYear: 2030, nameOnCard: 'Test Member' };
}

export interface SubscribeFields {
  planId: string;
  transactionType?: 'subscriptionNew' | 'subscriptionRenewal';
  paymentMethod?: string;
  autoRenew?: boolean;
  card?: CardTokenInput;
  key?: string;
}

export function subscribeAs(testApp: TestApp, member: CardMember, fields: SubscribeFields): Promise<LightMyRequestResponse> {
  const { key = randomUUID(), transactionType = 'subscriptionNew', paymentMethod = 'virtual_account', ...rest } = fields;
  return send(testApp, 'POST', '/api/v2/cards/subscriptions', {
    member,
    headers: { 'idempotency-key': key },
    body: { cardId: member.card.id, transactionType, paymentMethod, ...rest },
  });
}

/** What the member would do at the sandbox provider: pay, fail or expire the payment. */
export function sandboxAction(testApp: TestApp, paymentId: string, action: 'pay' | 'fail' | 'expire'): Promise<LightMyRequestResponse> {
  return send(testApp, 'POST', `/api/dev/payments/${paymentId}/${action}`);
}
