import type { Env } from '../../../env.ts';
import type { PaymentProvider } from '../payment-provider.ts';
import { midtransProvider } from './midtrans.provider.ts';
import { xenditProvider } from './xendit.provider.ts';

type ProviderEnv = Pick<
  Env,
  | 'XENDIT_SECRET_KEY'
  | 'XENDIT_CALLBACK_TOKEN'
  | 'XENDIT_BASE_URL'
  | 'XENDIT_PUBLIC_KEY'
  | 'MIDTRANS_SERVER_KEY'
  | 'MIDTRANS_CLIENT_KEY'
  | 'MIDTRANS_CORE_API_URL'
  | 'MIDTRANS_SNAP_URL'
  | 'PAYMENT_PROVIDER_TIMEOUT_MS'
>;

/** The real providers the deployment has keys for (README Configuration); a merchant picks one with the operator CLI. */
export function configuredProviders(env: ProviderEnv): PaymentProvider[] {
  const providers: PaymentProvider[] = [];
  // After an e-wallet or card page the member comes back to the payment's page on the site they pay
  // from: each charge is told where (payment-return.ts), so no address is configured here.
  const timeoutMs = env.PAYMENT_PROVIDER_TIMEOUT_MS;
  if (env.XENDIT_SECRET_KEY && env.XENDIT_CALLBACK_TOKEN) {
    providers.push(
      xenditProvider({
        secretKey: env.XENDIT_SECRET_KEY,
        callbackToken: env.XENDIT_CALLBACK_TOKEN,
        timeoutMs,
        ...(env.XENDIT_BASE_URL && { baseUrl: env.XENDIT_BASE_URL }),
        ...(env.XENDIT_PUBLIC_KEY && { publicKey: env.XENDIT_PUBLIC_KEY }),
      }),
    );
  }
  if (env.MIDTRANS_SERVER_KEY) {
    providers.push(
      midtransProvider({
        serverKey: env.MIDTRANS_SERVER_KEY,
        timeoutMs,
        ...(env.MIDTRANS_CLIENT_KEY && { clientKey: env.MIDTRANS_CLIENT_KEY }),
        ...(env.MIDTRANS_CORE_API_URL && { coreApiUrl: env.MIDTRANS_CORE_API_URL }),
        ...(env.MIDTRANS_SNAP_URL && { snapUrl: env.MIDTRANS_SNAP_URL }),
      }),
    );
  }
  return providers;
}
