/** The CODE_SECRET of the test apps: the template database's codes are hashed under it (pglite-template.setup.ts). */
export const testCodeSecret = 'test-code-secret-test-code-secret-0123';
