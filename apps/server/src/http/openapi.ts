import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { idempotencyKeyHeader } from '@kartu/contracts';
import { SESSION_COOKIE } from '../modules/auth/auth.constants.ts';
import { docsPrefix } from './api-paths.ts';
import { describeAnswers, nameContractSchemas, tidyComponents } from './openapi-schemas.ts';
import { declareRouteSecurity, memberBearerScheme, memberSessionScheme } from './route-security.ts';
import { docsContentSecurityPolicy } from './security.ts';

/** The scheme the /integration/v1 routes name in their `security`: a merchant's API key as a bearer token. */
export const integrationSecurityScheme = 'integrationApiKey';

/** The document's tags: every operation names one of them. */
export const apiTags = [
  { name: 'tenancy', description: 'The site the Host header selects and its merchant: what the app boots from.' },
  { name: 'auth', description: 'Signing in by one-time code and PIN, registering, and the session. Codes and PINs lock after repeated wrong tries.' },
  { name: 'pin', description: "The member's 6-digit PIN: checking, changing and resetting it." },
  { name: 'account', description: "The member's account: profile, phone, deletion request." },
  { name: 'cards', description: "The member's cards: the wallet, a card's detail and history, adding a card, transfers and rewards." },
  { name: 'catalog', description: 'A card\'s shop: products, categories, search, the cart\'s price.' },
  { name: 'orders', description: 'Checkout, orders and pickup points. Placing an order needs an Idempotency-Key.' },
  { name: 'addresses', description: "The member's delivery addresses (at most 20) and Indonesia's administrative areas." },
  { name: 'vouchers', description: 'The e-voucher wallet: vouchers, their codes, redeeming at a counter, gifts to friends.' },
  { name: 'gift cards', description: 'Gift cards made from e-gift vouchers: their balance and the charges paid with them.' },
  { name: 'payments', description: 'Payments of orders and memberships: their state, proofs of transfer, the methods offered.' },
  { name: 'inbox', description: "The member's inbox: the merchant's messages, and what happened to their cards, orders and payments, told as facts the app words. Unread count, reading, deleting." },
  { name: 'push', description: "Web Push: the server's public key, the member's browsers subscribed, which kinds of message push, and the app page a push opens." },
  { name: 'features', description: 'Features of the app a merchant keeps closed, to everyone or until a level, and which are open to the member.' },
  { name: 'banners', description: "Pictures a merchant shows on a card's page: the row of banners and the in-app banner." },
  { name: 'targets', description: 'Target achievement: a card program’s spend and collect targets, the member’s progress in the current window, and the reward once reached.' },
  { name: 'scan', description: 'The scanner: one call reads what the camera saw (a card to add, a QRIS to pay, a till’s earn code or a printed code, a receipt campaign), and printed codes typed by hand.' },
  { name: 'receipts', description: 'Receipts: photos of receipts a member sends to a receipt campaign or the card program, and their review.' },
  { name: 'qris', description: 'QRIS: the e-wallet a member links, and payments to QRIS merchants from it or from a cash card’s balance.' },
  { name: 'bills', description: 'Bills and prepaid products: mobile credit and data, electricity tokens and bills, BPJS Health, water and e-wallet top-ups, checked and paid from a card through the biller.' },
  { name: 'missions', description: 'Missions: a card program’s missions, each a few tasks to do before it ends, the member’s progress in each, and the reward once all are done.' },
  { name: 'privileges', description: 'Perks: what a card program offers the members who qualify, e-vouchers claimed once or a survey the merchant reviews, and the member’s answers.' },
  { name: 'referrals', description: 'Referral: the member’s code and link for a card program, friends invited and joined, and the commission they earn.' },
  { name: 'settings', description: "The merchant's terms and conditions and privacy policy, in the member's language." },
  { name: 'subscriptions', description: 'Paid memberships: plans, subscribing, renewing, cancelling.' },
  { name: 'analytics', description: 'Events the app reports for the merchant\'s analytics.' },
  { name: 'media', description: 'Pictures the server resized, by size.' },
  { name: 'health', description: 'Liveness and readiness of the server.' },
  { name: 'integration', description: 'The merchant\'s API under /integration/v1, for tills, web shops and back offices: a bearer API key, writes keyed by an Idempotency-Key.' },
  { name: 'development', description: 'Development servers only: the demo outbox and sandbox payments. Absent in production.' },
];

type SchemaTransform = typeof jsonSchemaTransform;

/** `POST /integration/v1/vouchers/redemptions/{redemptionId}/void`: the operations whose body may be left out. */
const optionalBodies = new Set<string>();
/** A route's URL as the document writes its path: `/api/v2/cards/:id` → `/api/v2/cards/{id}`. */
export const documentPath = (routeUrl: string) => routeUrl.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const operationKey = (method: string, url: string) => `${method.toLowerCase()} ${documentPath(url)}`;

/**
 * The routes' zod schemas as the document's JSON schemas. A write keyed by an Idempotency-Key takes
 * the header as optional, so that its absence answers IDEMPOTENCY_KEY_REQUIRED rather than a
 * validation error; the document says what a caller must do: send it. A body the route's schema
 * takes as absent is noted, for the document to say it is optional.
 */
const documentTransform: SchemaTransform = (input) => {
  const output = jsonSchemaTransform(input);
  const headers = (output.schema as { headers?: { properties?: Record<string, unknown>; required?: string[] } } | undefined)?.headers;
  if (headers?.properties?.[idempotencyKeyHeader] && !headers.required?.includes(idempotencyKeyHeader)) headers.required = [...(headers.required ?? []), idempotencyKeyHeader];
  const body = (input.schema as { body?: unknown } | undefined)?.body;
  if (body instanceof z.ZodType && body.safeParse(undefined).success) for (const method of [input.route.method].flat()) optionalBodies.add(operationKey(method, input.url));
  return output;
};

/** Marks optional the request bodies the server takes absent. */
function markOptionalBodies<D extends { paths?: object }>(document: D): D {
  const paths = (document.paths ?? {}) as Record<string, Record<string, { requestBody?: { required?: boolean } }>>;
  for (const [path, item] of Object.entries(paths))
    for (const [method, operation] of Object.entries(item)) if (operation.requestBody && optionalBodies.has(operationKey(method, path))) operation.requestBody.required = false;
  return document;
}

/** OpenAPI built from the routes' zod schemas: JSON at /api/docs/json, the UI at /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  // Before any route is added: each route's security as it is enforced (route-security.ts).
  app.addHook('onRoute', declareRouteSecurity);
  nameContractSchemas();
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Kartu API',
        description: 'The loyalty wallet API. The Host header selects the merchant.',
        version: '0.1.0',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
        // One deployment serves many merchants: its operator issues their API keys and answers for it.
        contact: { name: "The operator of this deployment, who issued the merchant's API key" },
      },
      // Every host of the deployment serves the document: the Host header selects the merchant of
      // the member API, and the integration API answers on any of them.
      servers: [{ url: '/', description: "The merchant's site" }],
      tags: apiTags,
      components: {
        securitySchemes: {
          [integrationSecurityScheme]: { type: 'http', scheme: 'bearer', description: 'An API key: kartu_<id>_<secret>' },
          [memberSessionScheme]: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: "The member's session, set by signing in" },
          [memberBearerScheme]: { type: 'http', scheme: 'bearer', description: "The member's session token, sent as a bearer header in the app's view mode" },
        },
      },
    },
    transform: documentTransform,
    transformObject: (input) => markOptionalBodies(describeAnswers(tidyComponents(jsonSchemaTransformObject(input)))),
  });
  await app.register(swaggerUi, {
    routePrefix: docsPrefix,
    staticCSP: docsContentSecurityPolicy,
    uiConfig: { docExpansion: 'list', deepLinking: false },
  });
}
