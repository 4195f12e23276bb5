import { describe, it, expect } from 'vitest';
import { activeWebGuard, globalGuard, maintenanceGuard, referenceIdGuard } from './site-guards.ts';

const open = { maintenance: false, active: true, requireReferenceId: false };

describe('maintenanceGuard', () => {
  it('sends any page to /maintenance while the site is in maintenance', () => {
    expect(maintenanceGuard({ ...open, maintenance: true }, '/cards')).toBe('/maintenance');
  });
  it('lets the maintenance page itself through', () => {
    expect(maintenanceGuard({ ...open, maintenance: true }, '/maintenance')).toBeNull();
  });
  it('lets pages through when not in maintenance', () => {
    expect(maintenanceGuard(open, '/cards')).toBeNull();
  });
});

describe('activeWebGuard', () => {
  it('sends any page to /sorry when the web is inactive', () => {
    expect(activeWebGuard({ ...open, active: false }, '/')).toBe('/sorry');
  });
  it('lets the sorry page and active sites through', () => {
    expect(activeWebGuard({ ...open, active: false }, '/sorry')).toBeNull();
    expect(activeWebGuard(open, '/')).toBeNull();
  });
});

describe('globalGuard', () => {
  it('puts maintenance before the inactive web', () => {
    expect(globalGuard({ ...open, maintenance: true, active: false }, '/')).toBe('/maintenance');
  });
});

describe('referenceIdGuard', () => {
  const strict = { ...open, requireReferenceId: true };
  it('refuses the home page without a referenceId on hosts that require it', () => {
    expect(referenceIdGuard(strict, { pathname: '/', search: '' })).toBe(true);
    expect(referenceIdGuard(strict, { pathname: '/', search: '?referenceId=' })).toBe(true);
  });
  it('accepts the home page with a referenceId', () => {
    expect(referenceIdGuard(strict, { pathname: '/', search: '?referenceId=abc' })).toBe(false);
  });
  it('only applies to the home page and to hosts that require it', () => {
    expect(referenceIdGuard(strict, { pathname: '/login', search: '' })).toBe(false);
    expect(referenceIdGuard(open, { pathname: '/', search: '' })).toBe(false);
  });
});
