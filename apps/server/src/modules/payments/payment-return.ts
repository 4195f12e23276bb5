/**
 * The app's page for a payment (the web app's payment-return-page): a provider's page (an e-wallet,
 * a card's bank check, Snap) sends the member back there, and it goes on to where the payment is
 * followed. Like a gift link, it is a path of the app on the merchant's own site.
 */
export function paymentReturnPath(paymentId: string): string {
  return `/payments/${encodeURIComponent(paymentId)}`;
}

export function paymentReturnUrl(origin: string, paymentId: string): string {
  return new URL(paymentReturnPath(paymentId), origin).href;
}
