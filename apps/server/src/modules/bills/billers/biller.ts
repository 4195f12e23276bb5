/*
 * A biller sells prepaid products (mobile credit and data, electricity tokens, e-wallet top-ups) and
 * pays bills (postpaid electricity, health insurance, water) on the merchant's behalf
 * (docs/decisions/047-bills.md). Each provider sits behind this adapter; the sandbox is the default
 * outside production.
 */

export type BillerStatus = 'success' | 'pending' | 'failed';

/** One product of the biller: a prepaid SKU (a fixed price) or a postpaid one (the bill's amount, after an inquiry). */
export interface BillerProductRef {
  skuCode: string;
  kind: 'prepaid' | 'postpaid';
}

export interface BillerRequest extends BillerProductRef {
  /** Ours, unique per request and kept by the provider: the same ref is the same transaction. */
  refId: string;
  /** The phone, meter, customer or account number the product is for, digits only. */
  customerNo: string;
}

/** What a bill check (inquiry) finds: the customer and the amount to pay, or nothing. */
export type BillerInquiryAnswer =
  | {
      found: true;
      customerName: string;
      /** The bill's period(s) as the provider words them, e.g. "202603" or "JAN 2026, FEB 2026". */
      period: string | null;
      /** Rupiah to pay for the bill, the provider's admin fee included. */
      amount: bigint;
      adminFee: bigint;
      /** Further lines the provider gives (tariff, power, months), shown to the member as they are. */
      details: Record<string, string>;
    }
  | { found: false; message: string };

export interface BillerResult {
  refId: string;
  status: BillerStatus;
  /** The token or serial number of a prepaid product once it succeeded ("SN"). */
  serialNumber: string | null;
  /** The provider's own words about the outcome. */
  message: string;
  /** The provider's response code, kept for support. */
  code: string | null;
}

export interface BillerAdapter {
  name: 'sandbox' | 'digiflazz';
  /** A postpaid bill's check before paying; prepaid products need none. */
  inquiry(request: BillerRequest): Promise<BillerInquiryAnswer>;
  /** Buys the prepaid product or pays the checked bill; a pending answer settles later. */
  pay(request: BillerRequest): Promise<BillerResult>;
  /** Asks again about a request made before (the status job, after a pending answer). */
  status(request: BillerRequest): Promise<BillerResult>;
  /** A provider's callback: its result when the signature is the provider's, else null. */
  verifyWebhook(input: { body: string; headers: Record<string, string | undefined> }): BillerResult | null;
}
