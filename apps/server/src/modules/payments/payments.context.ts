import type { PaymentProviderName } from '@kartu/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { PaymentEffects } from './payment-effects.ts';
import type { PaymentProvider } from './payment-provider.ts';
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
}

/** The providers of this deployment: the sandbox outside production, none yet in production. */
export function paymentsContextFor({ production, sandboxSecret, effects }: PaymentsContextOptions): PaymentsContext {
  const sandbox = production ? undefined : sandboxProvider(sandboxSecret);
  const providers = new Map<PaymentProviderName, PaymentProvider>(sandbox ? [['sandbox', sandbox]] : []);
  return { providers, sandbox, effects };
}

/**
 * The provider a merchant's members pay through. Until merchants choose one, it is the
 * deployment's only provider; a deployment without one refuses to take payments.
 */
export async function providerForMerchant(payments: PaymentsContext, _merchantId: number): Promise<PaymentProvider> {
  const [only] = payments.providers.values();
  if (!only || payments.providers.size !== 1) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
  return only;
}
