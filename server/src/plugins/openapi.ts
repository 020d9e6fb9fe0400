/**
 * The API documentation: OpenAPI generated from the route contracts (contracts/api/, through the
 * zod type provider's transform) at /api/docs/json, browsable at /api/docs, and at
 * /dist/openapi.json for partners' client generators. Only /api is listed: /wecom serves the same
 * calls, /ai has no contracts yet. Made as the server starts (app.swagger()), not by the build;
 * served while OPENAPI_PUBLIC is on (the development default; production only when set).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const DOCS_PREFIX = '/api/docs';

async function openapi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: '门店管家 Garage Suite API',
        description:
          '每个应答都是 { code, msg, data }，成功为 code 0、msg "ok"；999 = 登录已过期，-2 = 登录状态无效。' +
          '应答正文按 GARAGE_CIPHER_KEY 加密（AES-CBC，base64(IV ‖ 密文)）；开发环境中请求带查询参数 yj-test 时不加密。' +
          '除登录外，请求头 token 须携带登录令牌。',
        version: '1',
      },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } } },
      security: [{ token: [] }],
    },
    transform: (document) => {
      if (!document.url.startsWith('/api/') || document.url.startsWith(DOCS_PREFIX)) return { schema: { ...document.schema, hide: true }, url: document.url };
      return jsonSchemaTransform(document);
    },
  });
  if (app.config.openapiPublic) {
    await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, uiConfig: { docExpansion: 'list', deepLinking: true } });
    app.get('/dist/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  }
}

export default fp(openapi, { name: 'openapi' });
