import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationShapes, servedDocument } from '../test/api-document.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/*
 * The integration API's tests call it through a client generated from the served document, as a
 * merchant's developer would (docs/integration.md). Its types are generated here and must equal the
 * file the tests compile against: a change to the document's shapes fails this test until the file
 * is generated again (`npx vitest run --project server src/http/integration-api-types.test.ts -u`),
 * and then fails to compile wherever a test relies on what changed. A field with a default stays
 * optional in a request, as the server takes it, and a file is a Blob.
 */

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

describe('the integration API client', () => {
  it('is generated from the document the server serves', async () => {
    const shapes = integrationShapes(await servedDocument(testApp.app));
    const types = astToString(
      await openapiTS(shapes as unknown as OpenAPI3, {
        alphabetize: true,
        defaultNonNullable: false,
        // A file, sent or received, is bytes: a Blob, as fetch takes and gives them.
        transform: (schema) => (schema.format === 'binary' ? ts.factory.createTypeReferenceNode('Blob') : undefined),
      }),
    );
    await expect(`// Generated from the served API document by src/http/integration-api-types.test.ts; do not edit.\n\n${types}`).toMatchFileSnapshot('../test/api/integration-api.ts');
  }, 60_000);
});
