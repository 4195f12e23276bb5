import { z } from 'zod';
import { cartItemSchema, cartProblemSchema, productTypeSchema } from './catalog.ts';
import { imageSchema } from './media.ts';
import { cardTokenInputSchema, feeLineSchema, paymentAnswerSchema, paymentMethodSchema } from './payments.ts';

/*
 * Checkout and orders (docs/decisions/023-orders.md): a cart becomes an order in one transaction on
 * the server, which prices it, takes the stock and the points, and opens the money payment. Every
 * figure here is the server's.
 */

/** spec business-rules §4 order statuses, as an order of this app moves through them. */
export const orderStatuses = ['waiting_payment', 'new', 'on_process', 'order_ready', 'on_courier', 'completed', 'cancelled', 'failed', 'returned'] as const;
export const orderStatusSchema = z.enum(orderStatuses);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** spec app-core §3: the colour class each order status is drawn with. */
export const orderStatusColours = ['failed', 'pending', 'payment-complete', 'order-verified', 'on-delivery', 'item-received', 'on-process'] as const;
export type OrderStatusColour = (typeof orderStatusColours)[number];
export const orderStatusColourOf: Record<OrderStatus, OrderStatusColour> = {
  waiting_payment: 'pending',
  new: 'payment-complete',
  on_process: 'on-process',
  order_ready: 'order-verified',
  on_courier: 'on-delivery',
  completed: 'item-received',
  cancelled: 'failed',
  failed: 'failed',
  returned: 'failed',
};

/**
 * How an order reaches the member (business-rules §9 delivery options): within 1 hour, within 6
 * hours, by courier, picked up at a distributor, or `none` for a cart of e-vouchers and digital
 * products, which are delivered in the app.
 */
export const deliveryMethods = ['instant', 'same_day', 'courier', 'pickup', 'none'] as const;
export const deliveryMethodSchema = z.enum(deliveryMethods);
export type DeliveryMethod = z.infer<typeof deliveryMethodSchema>;

const id = z.string().min(1).max(64);
const amount = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const checkoutDeliverySchema = z.discriminatedUnion('method', [
  /** `addressId` is one of the member's addresses; absent on a card whose program delivers to a fixed address. */
  z.object({ method: z.enum(['instant', 'same_day', 'courier']), addressId: id.optional() }),
  z.object({ method: z.literal('pickup'), distributorId: id }),
  z.object({ method: z.literal('none') }),
]);
export type CheckoutDelivery = z.infer<typeof checkoutDeliverySchema>;

/**
 * POST /api/v2/cards/{cardId}/checkout/quote prices it; POST /api/v2/cards/{cardId}/orders (with an
 * Idempotency-Key) places it. `delivery` may be left out of a quote, which then lists the options.
 */
export const checkoutBodySchema = z.object({
  items: z.array(cartItemSchema).min(1).max(50),
  delivery: checkoutDeliverySchema.optional(),
  /** How the money part is paid; required when there is one. */
  paymentMethod: paymentMethodSchema.optional(),
  /** A card the member's browser tokenised at the provider, with the credit card method. */
  card: cardTokenInputSchema.optional(),
  note: z.string().trim().max(200).optional(),
  /** A promo code of the program (business-rules §5: physical items only, with a minimum transaction). */
  promoCode: z.string().trim().min(1).max(40).optional(),
  /** One of the member's e-vouchers for online orders, instead of a promo code. */
  voucherId: id.optional(),
});
export type CheckoutBody = z.infer<typeof checkoutBodySchema>;

export const deliveryOptionSchema = z.object({
  method: deliveryMethodSchema,
  /** The shipping fee in minor units of the merchant's currency. */
  fee: amount,
  /** False with the reason when this cart cannot go this way to the address given. */
  isAvailable: z.boolean(),
  unavailableReason: z.enum(['area_not_covered', 'too_far', 'too_heavy', 'address_needs_location', 'not_for_this_cart']).nullable(),
});
export type DeliveryOption = z.infer<typeof deliveryOptionSchema>;

/**
 * How the total is paid: points of the card first; what they do not cover, and every money price
 * and fee, in money. `pointsShortfall` is the points the card lacks, paid in money at the program's
 * value of a point (business-rules §5: mixed payment when points are insufficient).
 */
export const paymentSplitSchema = z.object({
  points: amount,
  money: amount,
  pointsShortfall: amount,
  /** The card's spendable points now. */
  balance: amount,
  /** True when a money payment method must be chosen. */
  needsPaymentMethod: z.boolean(),
});
export type PaymentSplit = z.infer<typeof paymentSplitSchema>;

/** One line of a checkout or an order: unit prices as they were when priced. */
export const orderLineSchema = z.object({
  productId: z.string(),
  sku: z.string(),
  type: productTypeSchema,
  name: z.string(),
  image: imageSchema.nullable(),
  quantity: z.number().int().min(1),
  unitPoints: amount.nullable(),
  unitMoney: amount.nullable(),
  points: amount,
  money: amount,
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** Why a promo code does not apply to this cart. */
export const promoProblems = ['not_found', 'ended', 'physical_only', 'minimum_not_met'] as const;
export const promoProblemSchema = z.enum(promoProblems);
export type PromoProblem = z.infer<typeof promoProblemSchema>;

/** What a promo code takes off the physical items: points, money, or both. */
export const discountSchema = z.object({ code: z.string(), points: amount, money: amount });
export type Discount = z.infer<typeof discountSchema>;

export const promoAnswerSchema = z.object({
  code: z.string(),
  /** The promo's minimum transaction, in the unit it is counted in. */
  minimum: z.object({ points: amount.nullable(), money: amount.nullable() }),
  /** Set when the code takes something off this cart. */
  discount: discountSchema.nullable(),
  problem: promoProblemSchema.nullable(),
});
export type PromoAnswer = z.infer<typeof promoAnswerSchema>;

/** Why a voucher does not apply to this order. */
export const checkoutVoucherProblems = ['not_found', 'not_usable', 'in_store_only', 'no_discount', 'minimum_not_met'] as const;

export const checkoutVoucherSchema = z.object({
  voucherId: z.string(),
  name: z.string(),
  /** The voucher's minimum transaction (business-rules §5), over the whole order. */
  minimum: z.object({ points: amount.nullable(), money: amount.nullable() }),
  discount: discountSchema.nullable(),
  problem: z.enum(checkoutVoucherProblems).nullable(),
});
export type CheckoutVoucher = z.infer<typeof checkoutVoucherSchema>;

export const checkoutQuoteSchema = z.object({
  lines: z.array(orderLineSchema.omit({ sku: true })),
  problems: z.array(cartProblemSchema),
  /** Whether the cart holds anything that is carried to the member (a physical item or a meal). */
  needsDelivery: z.boolean(),
  deliveryOptions: z.array(deliveryOptionSchema),
  subtotal: z.object({ points: amount, money: amount }),
  /** The promo code sent, and what it does to this cart; null when none was sent. */
  promo: promoAnswerSchema.nullable(),
  /** The voucher sent, and what it does to this order; null when none was sent. */
  voucher: checkoutVoucherSchema.nullable(),
  fees: z.array(feeLineSchema),
  /** Subtotal, less the discount, plus the fees. */
  total: z.object({ points: amount, money: amount }),
  currency: z.string(),
  payment: paymentSplitSchema,
  /** True when the order can be placed as it is. */
  isValid: z.boolean(),
});
export type CheckoutQuote = z.infer<typeof checkoutQuoteSchema>;


/** Where the order goes, as it was when it was placed. */
export const orderDestinationSchema = z.object({
  recipientName: z.string(),
  recipientPhone: z.string(),
  /** The address in one piece: street, village, district, regency, province, zip. */
  fullAddress: z.string(),
  note: z.string().nullable(),
});

export const distributorSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  phone: z.string().nullable(),
  openingHours: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type Distributor = z.infer<typeof distributorSchema>;

export const orderEventSchema = z.object({ status: orderStatusSchema, at: z.string().datetime(), note: z.string().nullable() });

export const orderSchema = z.object({
  id: z.string(),
  /** What the member and the merchant call it: short, printed on the receipt. */
  number: z.string(),
  cardId: z.string(),
  status: orderStatusSchema,
  statusColour: z.enum(orderStatusColours),
  lines: z.array(orderLineSchema),
  delivery: z.object({
    method: deliveryMethodSchema,
    destination: orderDestinationSchema.nullable(),
    distributor: distributorSchema.nullable(),
    courier: z.string().nullable(),
    trackingNumber: z.string().nullable(),
  }),
  subtotal: z.object({ points: amount, money: amount }),
  discount: discountSchema.nullable(),
  fees: z.array(feeLineSchema),
  total: z.object({ points: amount, money: amount }),
  /** Points taken from the card, and the money paid (or to pay) through `payment`. */
  paid: z.object({ points: amount, money: amount }),
  currency: z.string(),
  payment: paymentAnswerSchema.nullable(),
  note: z.string().nullable(),
  /** Every status the order has had, oldest first. */
  history: z.array(orderEventSchema),
  /**
   * The e-vouchers the order put into the member's wallet (once it is new), each opened from the
   * order: their status as stored (an active one past `expiresAt` has expired).
   */
  vouchers: z.array(z.object({ id: z.string(), name: z.string(), status: z.enum(['pending', 'active', 'used', 'suspended']), expiresAt: z.string().datetime() })),
  createdAt: z.string().datetime(),
  updatedAt: z.string().datetime(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderAnswerSchema = z.object({ data: orderSchema });
export type OrderAnswer = z.infer<typeof orderAnswerSchema>;

export const orderSummarySchema = orderSchema.pick({ id: true, number: true, cardId: true, status: true, statusColour: true, total: true, currency: true, createdAt: true }).extend({
  itemCount: z.number().int().min(0),
  /** The first line's name and picture, to show the order by. */
  firstItem: z.object({ name: z.string(), image: imageSchema.nullable() }).nullable(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/** GET /api/v2/cards/{cardId}/orders: the card's orders, newest first. */
export const orderListQuerySchema = z.object({ cursor: z.string().max(200).optional(), limit: z.coerce.number().int().min(1).max(50).default(20) });
export const orderListSchema = z.object({ data: z.array(orderSummarySchema), nextCursor: z.string().nullable() });
export type OrderList = z.infer<typeof orderListSchema>;

export const orderParamsSchema = z.object({ cardId: id, orderId: id });
export const distributorParamsSchema = z.object({ cardId: id, distributorId: id });
export const distributorListSchema = z.object({ data: z.array(distributorSchema) });
export type DistributorList = z.infer<typeof distributorListSchema>;

/*
 * The merchant's side through the integration API (docs/integration.md): new orders to fulfil, and
 * the status moves of the transition table.
 */

/** The statuses a merchant moves an order to. `new`, `failed` and `waiting_payment` come from payments. */
export const merchantOrderMoves = ['on_process', 'order_ready', 'on_courier', 'completed', 'cancelled', 'returned'] as const;

export const integrationOrderListQuerySchema = z.object({
  status: orderStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(200).optional(),
});

export const integrationOrderParamsSchema = z.object({ programId: id, orderId: id });

/** POST /integration/v1/programs/{programId}/orders/{orderId}/status */
export const integrationOrderStatusBodySchema = z
  .object({
    status: z.enum(merchantOrderMoves),
    courier: z.string().trim().min(1).max(60).optional(),
    trackingNumber: z.string().trim().min(1).max(60).optional(),
    note: z.string().trim().max(200).optional(),
  })
  .refine((body) => body.status !== 'on_courier' || (body.courier !== undefined && body.trackingNumber !== undefined), {
    message: 'An order on courier needs its courier and tracking number',
    path: ['trackingNumber'],
  });
export type IntegrationOrderStatusBody = z.input<typeof integrationOrderStatusBodySchema>;

export const integrationOrderSchema = orderSchema.omit({ payment: true, statusColour: true }).extend({
  member: z.object({ id: z.string(), cardNumber: z.string() }),
  paymentStatus: z.string().nullable(),
});
export type IntegrationOrder = z.infer<typeof integrationOrderSchema>;
export const integrationOrderAnswerSchema = z.object({ data: integrationOrderSchema });
export const integrationOrderListSchema = z.object({ data: z.array(integrationOrderSchema), nextCursor: z.string().nullable() });
