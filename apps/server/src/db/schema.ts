// The drizzle schema index: every module's tables, for the client's typed queries and drizzle-kit.
export * from '../modules/tenancy/merchants.table.ts';
export * from '../modules/tenancy/sites.table.ts';
