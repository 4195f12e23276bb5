export * from './constants.ts';
export * from './age.ts';
export * from './phone.ts';
export * from './validation.ts';
export * from './format.ts';
export * from './color.ts';
export * from './calendar.ts';
export * from './branding.ts';
