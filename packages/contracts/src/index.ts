export * from './errors.ts';
export * from './headers.ts';
export * from './site.ts';
