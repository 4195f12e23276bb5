import { paymentMethods, type PaymentMethod, type PaymentProviderName } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { PaymentEffects } from './payment-effects.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { cashOnDeliveryProvider } from './cash.provider.ts';
import { manualProvider } from './manual.provider.ts';
import { findMerchantBankAccount, findMerchantPaymentSettings } from './payments.repository.ts';
import type { MerchantPaymentSettingsRow } from './payments.table.ts';
import { sandboxProvider, type SandboxProvider } from './sandbox.provider.ts';

/** What every payment use case needs from the app: the providers wired in, and the subjects' effects. */
export interface PaymentsContext {
  providers: ReadonlyMap<PaymentProviderName, PaymentProvider>;
  /** Present outside production only. */
  sandbox: SandboxProvider | undefined;
  effects: PaymentEffects;
  /**
   * The members' sites are served over https (production, or an https PUBLIC_URL): a provider's
   * page sends members back over https (payments.http.ts). Over the request's own scheme when unset.
   */
  returnsOverHttps?: boolean;
}

export interface PaymentsContextOptions {
  production: boolean;
  sandboxSecret: string;
  effects: PaymentEffects;
  /** The real providers this deployment has keys for. */
  providers?: readonly PaymentProvider[];
  publicUrl?: string | undefined;
}

/** The providers of this deployment: those it has keys for, and the sandbox outside production. */
export function paymentsContextFor({ production, sandboxSecret, effects, providers: real = [], publicUrl }: PaymentsContextOptions): PaymentsContext {
  const sandbox = production ? undefined : sandboxProvider(sandboxSecret);
  // Manual transfers need no keys: every deployment answers for them (their charges need the merchant's account).
  const all = [...(sandbox ? [sandbox] : []), ...real, manualProvider(), cashOnDeliveryProvider()];
  const providers = new Map<PaymentProviderName, PaymentProvider>(all.map((provider) => [provider.name, provider]));
  return { providers, sandbox, effects, returnsOverHttps: production || (publicUrl?.startsWith('https:') ?? false) };
}

/** Where a merchant's members pay, by which methods, and who takes each method. */
export interface MerchantPaymentOptions {
  /** The merchant's provider: its public key tokenises cards. */
  provider: PaymentProvider;
  methods: readonly PaymentMethod[];
  /** Who takes a payment by this method: the manual provider for a transfer into the merchant's account, cash for cash on delivery. */
  providerFor(method: PaymentMethod): PaymentProvider;
}

/**
 * The provider and methods a merchant's members pay with: its settings (set with the operator
 * CLI), else the deployment's only provider with every method it takes. A merchant with a bank
 * account also takes manual transfers into it (decision 019), even without a provider. A merchant
 * whose provider is not configured here, or a deployment without one, refuses other payments.
 */
export async function paymentOptionsFor(db: Database, payments: PaymentsContext, merchantId: number): Promise<MerchantPaymentOptions> {
  const options = await providerAndMethodsFor(db, payments, merchantId);
  // Cash on delivery is the merchant's to collect, beside whichever provider takes the rest.
  const cash = payments.providers.get('cash');
  if (!cash) return options;
  return { ...options, providerFor: (method) => (method === 'cash_on_delivery' ? cash : options.providerFor(method)) };
}

async function providerAndMethodsFor(db: Database, payments: PaymentsContext, merchantId: number): Promise<MerchantPaymentOptions> {
  const settings = await findMerchantPaymentSettings(db, merchantId);
  // A deployment wired without the manual provider (paymentsContextFor always adds it) takes no transfers into accounts.
  const account = payments.providers.has('manual') ? await findMerchantBankAccount(db, merchantId) : undefined;
  if (!account) {
    const { provider, methods } = providerOptions(payments, settings, false);
    return { provider, methods, providerFor: () => provider };
  }
  const manual = manualProvider(account);
  const providerFor = (provider: PaymentProvider) => (method: PaymentMethod) => (method === 'manual_transfer' ? manual : provider);
  try {
    const { provider, methods } = providerOptions(payments, settings, true);
    return { provider, methods, providerFor: providerFor(provider) };
  } catch (error) {
    // No provider to take other methods: the merchant's own account still takes transfers, if it chose them.
    const unavailable = error instanceof AppError && error.code === 'PAYMENT_PROVIDER_UNAVAILABLE';
    if (!unavailable || (settings && !settings.methods.includes('manual_transfer'))) throw error;
    return { provider: manual, methods: ['manual_transfer'], providerFor: () => manual };
  }
}

/**
 * The merchant's chosen methods when it has settings, else every method of the deployment's only
 * provider; a merchant with a bank account takes manual transfers whatever its provider takes,
 * when its settings name them or when it has none.
 */
function providerOptions(payments: PaymentsContext, settings: MerchantPaymentSettingsRow | undefined, hasBankAccount: boolean): Pick<MerchantPaymentOptions, 'provider' | 'methods'> {
  // Cash on delivery goes with any provider: the merchant collects it.
  const takes = (provider: PaymentProvider) => (method: PaymentMethod) =>
    (hasBankAccount && method === 'manual_transfer') || method === 'cash_on_delivery' || methodsOf(provider).includes(method);
  if (settings) {
    const provider = payments.providers.get(settings.provider);
    if (!provider) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
    return { provider, methods: settings.methods.filter(takes(provider)) };
  }
  // Manual transfers and cash take nobody's payments on their own: they go beside a provider.
  const takers = [...payments.providers.values()].filter((provider) => provider.name !== 'manual' && provider.name !== 'cash');
  const [only] = takers;
  if (!only || takers.length !== 1) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
  const methods = methodsOf(only);
  return { provider: only, methods: hasBankAccount && !methods.includes('manual_transfer') ? [...methods, 'manual_transfer'] : methods };
}

function methodsOf(provider: PaymentProvider): readonly PaymentMethod[] {
  return provider.methods ?? paymentMethods;
}
