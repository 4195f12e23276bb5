import { paymentMethods, type PaymentMethod, type PaymentProviderName } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { PaymentEffects } from './payment-effects.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { findMerchantPaymentSettings } from './payments.repository.ts';
import { sandboxProvider, type SandboxProvider } from './sandbox.provider.ts';

/** What every payment use case needs from the app: the providers wired in, and the subjects' effects. */
export interface PaymentsContext {
  providers: ReadonlyMap<PaymentProviderName, PaymentProvider>;
  /** Present outside production only. */
  sandbox: SandboxProvider | undefined;
  effects: PaymentEffects;
}

export interface PaymentsContextOptions {
  production: boolean;
  sandboxSecret: string;
  effects: PaymentEffects;
  /** The real providers this deployment has keys for. */
  providers?: readonly PaymentProvider[];
}

/** The providers of this deployment: those it has keys for, and the sandbox outside production. */
export function paymentsContextFor({ production, sandboxSecret, effects, providers: real = [] }: PaymentsContextOptions): PaymentsContext {
  const sandbox = production ? undefined : sandboxProvider(sandboxSecret);
  const providers = new Map<PaymentProviderName, PaymentProvider>([...(sandbox ? [sandbox] : []), ...real].map((provider) => [provider.name, provider]));
  return { providers, sandbox, effects };
}

/** Where a merchant's members pay, and by which methods. */
export interface MerchantPaymentOptions {
  provider: PaymentProvider;
  methods: readonly PaymentMethod[];
}

/**
 * The provider and methods a merchant's members pay with: its settings (set with the operator
 * CLI), else the deployment's only provider with every method it takes. A merchant whose provider
 * is not configured here, or a deployment without one, refuses to take payments.
 */
export async function paymentOptionsFor(db: Database, payments: PaymentsContext, merchantId: number): Promise<MerchantPaymentOptions> {
  const settings = await findMerchantPaymentSettings(db, merchantId);
  if (settings) {
    const provider = payments.providers.get(settings.provider);
    if (!provider) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
    return { provider, methods: settings.methods.filter((method) => methodsOf(provider).includes(method)) };
  }
  const [only] = payments.providers.values();
  if (!only || payments.providers.size !== 1) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
  return { provider: only, methods: methodsOf(only) };
}

function methodsOf(provider: PaymentProvider): readonly PaymentMethod[] {
  return provider.methods ?? paymentMethods;
}
