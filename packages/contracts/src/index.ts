export * from './auth.ts';
export * from './cards.ts';
export * from './errors.ts';
export * from './headers.ts';
export * from './integration.ts';
export * from './media.ts';
export * from './site.ts';
export * from './idempotency.ts';
