import { z } from 'zod';
import { cartItemSchema, cartProblemSchema, productTypeSchema } from './catalog.ts';
import { imageSchema } from './media.ts';
import { cardTokenInputSchema, feeLineSchema, paymentAnswerSchema, paymentMethodSchema } from './payments.ts';

/* docs/decisions/023-orders.md: one server transaction prices the cart and takes stock and points. Every figure here is the server's. */

/** spec business-rules §4, in the order an order moves through them. */
export const orderStatuses = ['waiting_payment', 'new', 'on_process', 'order_ready', 'on_courier', 'completed', 'cancelled', 'failed', 'returned'] as const;
export const orderStatusSchema = z.enum(orderStatuses);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** spec app-core §3. */
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

/** business-rules §9: `instant` within 1 hour, `same_day` within 6 hours; `none` for e-vouchers and digital products, delivered in the app. */
export const deliveryMethods = ['instant', 'same_day', 'courier', 'pickup', 'none'] as const;
export const deliveryMethodSchema = z.enum(deliveryMethods);
export type DeliveryMethod = z.infer<typeof deliveryMethodSchema>;

const id = z.string().min(1).max(64);
const amount = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const checkoutDeliverySchema = z.discriminatedUnion('method', [
  /** `addressId` is absent on a card whose program delivers to a fixed address. */
  z.object({ method: z.enum(['instant', 'same_day', 'courier']), addressId: id.optional() }),
  z.object({ method: z.literal('pickup'), distributorId: id }),
  z.object({ method: z.literal('none') }),
]);
export type CheckoutDelivery = z.infer<typeof checkoutDeliverySchema>;

/** For the quote and, with an Idempotency-Key, the order. A quote may leave out `delivery`, and then lists the options. */
export const checkoutBodySchema = z.object({
  items: z.array(cartItemSchema).min(1).max(50),
  delivery: checkoutDeliverySchema.optional(),
  /** Required when there is a money part. */
  paymentMethod: paymentMethodSchema.optional(),
  /** Tokenised by the member's browser at the provider, for the credit card method. */
  card: cardTokenInputSchema.optional(),
  note: z.string().trim().max(200).optional(),
  /** A promo code of the program (business-rules §5: physical items only, with a minimum transaction). */
  promoCode: z.string().trim().min(1).max(40).optional(),
  /** Instead of a promo code. */
  voucherId: id.optional(),
});
export type CheckoutBody = z.infer<typeof checkoutBodySchema>;

export const deliveryOptionSchema = z.object({
  method: deliveryMethodSchema,
  /** Minor units of the merchant's currency. */
  fee: amount,
  isAvailable: z.boolean(),
  unavailableReason: z.enum(['area_not_covered', 'too_far', 'too_heavy', 'address_needs_location', 'not_for_this_cart']).nullable(),
});
export type DeliveryOption = z.infer<typeof deliveryOptionSchema>;

/** Points first, the rest in money; `pointsShortfall` is paid at the program's value of a point (business-rules §5 mixed payment). */
export const paymentSplitSchema = z.object({
  points: amount,
  money: amount,
  pointsShortfall: amount,
  balance: amount,
  needsPaymentMethod: z.boolean(),
});
export type PaymentSplit = z.infer<typeof paymentSplitSchema>;

/** Unit prices as they were when priced. */
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

export const promoProblems = ['not_found', 'ended', 'physical_only', 'minimum_not_met'] as const;
export const promoProblemSchema = z.enum(promoProblems);
export type PromoProblem = z.infer<typeof promoProblemSchema>;

export const discountSchema = z.object({ code: z.string(), points: amount, money: amount });
export type Discount = z.infer<typeof discountSchema>;

export const promoAnswerSchema = z.object({
  code: z.string(),
  minimum: z.object({ points: amount.nullable(), money: amount.nullable() }),
  discount: discountSchema.nullable(),
  problem: promoProblemSchema.nullable(),
});
export type PromoAnswer = z.infer<typeof promoAnswerSchema>;

export const checkoutVoucherProblems = ['not_found', 'not_usable', 'in_store_only', 'no_discount', 'minimum_not_met'] as const;

export const checkoutVoucherSchema = z.object({
  voucherId: z.string(),
  name: z.string(),
  /** business-rules §5; over the whole order. */
  minimum: z.object({ points: amount.nullable(), money: amount.nullable() }),
  discount: discountSchema.nullable(),
  problem: z.enum(checkoutVoucherProblems).nullable(),
});
export type CheckoutVoucher = z.infer<typeof checkoutVoucherSchema>;

export const checkoutQuoteSchema = z.object({
  lines: z.array(orderLineSchema.omit({ sku: true })),
  problems: z.array(cartProblemSchema),
  /** A physical item or a meal. */
  needsDelivery: z.boolean(),
  deliveryOptions: z.array(deliveryOptionSchema),
  subtotal: z.object({ points: amount, money: amount }),
  promo: promoAnswerSchema.nullable(),
  voucher: checkoutVoucherSchema.nullable(),
  fees: z.array(feeLineSchema),
  /** Subtotal, less the discount, plus the fees. */
  total: z.object({ points: amount, money: amount }),
  currency: z.string(),
  payment: paymentSplitSchema,
  isValid: z.boolean(),
});
export type CheckoutQuote = z.infer<typeof checkoutQuoteSchema>;


/** As it was when the order was placed. */
export const orderDestinationSchema = z.object({
  recipientName: z.string(),
  recipientPhone: z.string(),
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
  /** Short, printed on the receipt. */
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
  /** The money includes what is still to pay through `payment`. */
  paid: z.object({ points: amount, money: amount }),
  currency: z.string(),
  payment: paymentAnswerSchema.nullable(),
  note: z.string().nullable(),
  /** Oldest first. */
  history: z.array(orderEventSchema),
  /** Put in the wallet once the order is new. Status as stored: an active one past `expiresAt` has expired. */
  vouchers: z.array(z.object({ id: z.string(), name: z.string(), status: z.enum(['pending', 'active', 'used', 'suspended']), expiresAt: z.string().datetime() })),
  createdAt: z.string().datetime(),
  updatedAt: z.string().datetime(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderAnswerSchema = z.object({ data: orderSchema });
export type OrderAnswer = z.infer<typeof orderAnswerSchema>;

export const orderSummarySchema = orderSchema.pick({ id: true, number: true, cardId: true, status: true, statusColour: true, total: true, currency: true, createdAt: true }).extend({
  itemCount: z.number().int().min(0),
  firstItem: z.object({ name: z.string(), image: imageSchema.nullable() }).nullable(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/** Newest first. */
export const orderListQuerySchema = z.object({ cursor: z.string().max(200).optional(), limit: z.coerce.number().int().min(1).max(50).default(20) });
export const orderListSchema = z.object({ data: z.array(orderSummarySchema), nextCursor: z.string().nullable() });
export type OrderList = z.infer<typeof orderListSchema>;

export const orderParamsSchema = z.object({ cardId: id, orderId: id });
export const distributorParamsSchema = z.object({ cardId: id, distributorId: id });
export const distributorListSchema = z.object({ data: z.array(distributorSchema) });
export const distributorAnswerSchema = z.object({ data: distributorSchema });
export type DistributorList = z.infer<typeof distributorListSchema>;

/* The merchant's side, through the integration API (docs/integration.md). */

/** No `new`, `failed` or `waiting_payment`: only payments move an order there. */
export const merchantOrderMoves = ['on_process', 'order_ready', 'on_courier', 'completed', 'cancelled', 'returned'] as const;

export const integrationOrderListQuerySchema = z.object({
  status: orderStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(200).optional(),
});

export const integrationOrderParamsSchema = z.object({ programId: id, orderId: id });

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
