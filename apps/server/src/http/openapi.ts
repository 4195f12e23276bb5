import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { docsPrefix } from './api-paths.ts';
import { docsContentSecurityPolicy } from './security.ts';

/** The scheme the /integration/v1 routes name in their `security`: a merchant's API key as a bearer token. */
export const integrationSecurityScheme = 'integrationApiKey';

/** OpenAPI built from the routes' zod schemas: JSON at /api/docs/json, the UI at /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Kartu API',
        description: 'The loyalty wallet API. The Host header selects the merchant.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          [integrationSecurityScheme]: { type: 'http', scheme: 'bearer', description: 'An API key: kartu_<id>_<secret>' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: docsPrefix,
    staticCSP: docsContentSecurityPolicy,
    uiConfig: { docExpansion: 'list', deepLinking: false },
  });
}
