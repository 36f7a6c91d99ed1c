import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { appRouter, procedureAt } from '@wenku/api';
import { IMAGE_UPLOAD_KINDS, type ImageUploadKind } from '@wenku/domain/attachments';
import { getPermission, type PermissionKey } from '@wenku/shared';
import express, { Router } from 'express';
import { z } from 'zod';
import { REST_ROUTES } from '../rest/v1/routes.ts';

const jsonSchema = (schema: z.ZodType | undefined, io: 'input' | 'output') => {
  if (!schema) return { type: 'object' };
  try {
    return z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  } catch {
    return { type: 'object' };
  }
};

/** OpenAPI 3.1 of `/api/v1`, derived from the route table and the procedures' zod schemas. */
export function buildOpenApi(version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of REST_ROUTES) {
    const name = typeof r.procedure === 'string' ? r.procedure : r.procedure({}, null);
    const def = procedureAt(appRouter, name);
    const input = jsonSchema(def?.input, 'input') as { properties?: Record<string, unknown>; required?: string[] };
    const inQuery = r.method === 'GET' || r.method === 'DELETE';
    const access = def?.meta?.permission
      ? `需要权限 ${def.meta.permission}`
      : def?.meta?.access === 'member'
        ? '需要登录'
        : (def?.meta?.accessNote ?? '公开');
    paths[`/api/v1${r.path}`] ??= {};
    (paths[`/api/v1${r.path}`] as Record<string, unknown>)[r.method.toLowerCase()] = {
      summary: r.summary,
      description: `${access}。对应 tRPC 过程 \`${name}\`。`,
      tags: [r.path.split('/')[1]],
      ...(def?.meta?.access !== 'public' ? { security: [{ bearer: [] }] } : {}),
      ...(inQuery
        ? {
            parameters: Object.entries(input.properties ?? {}).map(([key, schema]) => ({
              name: key,
              in: 'query',
              required: input.required?.includes(key) ?? false,
              schema,
              ...((schema as { type?: string }).type === 'array' ? { style: 'form', explode: true } : {}),
            })),
          }
        : { requestBody: { content: { 'application/json': { schema: input } } } }),
      responses: {
        200: { description: 'OK', content: { 'application/json': { schema: jsonSchema(def?.output, 'output') } } },
        default: {
          description: '错误：{ code, message, fields? }',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { code: { type: 'string' }, message: { type: 'string' }, fields: { type: 'array' } },
              },
            },
          },
        },
      },
    };
  }
  Object.assign(paths, uploadPaths());
  return {
    openapi: '3.1.0',
    info: {
      title: 'Wenku API',
      version,
      description: '与 MOREDOC 兼容的 REST 接口；字段为 snake_case，列表为 { total, <entity>: [...] }。',
    },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
}

const ERROR_RESPONSE = {
  description: '错误：{ code, message }',
  content: {
    'application/json': {
      schema: { type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' } } },
    },
  },
};
const MULTIPART_FILE = {
  required: true,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        required: ['file'],
        properties: { file: { type: 'string', format: 'binary', description: '一个文件（表单字段 file）' } },
      },
    },
  },
};
const uploaded = (data: Record<string, unknown>) => ({
  description: 'OK',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: { code: { type: 'integer', const: 200 }, message: { type: 'string' }, data },
      },
    },
  },
});

/**
 * The plain upload handlers (http/documents.ts, http/upload.ts, http/tus.ts), which are not procedures of the route
 * table: documented by hand, with the access each handler checks.
 */
function uploadPaths(): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {
    '/api/v1/upload/document': {
      post: {
        summary: '上传文档文件（第一步；第二步 POST /api/v1/document 创建文档）',
        description:
          '需要登录，且所在角色允许上传文档、未被禁止上传。扩展名须为支持的文档类型并在 security.document_allowed_ext 之内，' +
          '大小不超过 security.max_document_size，内容须与扩展名相符。',
        tags: ['upload'],
        security: [{ bearer: [] }],
        requestBody: MULTIPART_FILE,
        responses: {
          200: uploaded({
            type: 'object',
            properties: {
              id: { type: 'integer', description: '附件 ID（创建文档时的 attachment_id）' },
              hash: { type: 'string', description: '文件 MD5' },
              name: { type: 'string' },
              size: { type: 'integer' },
              ext: { type: 'string' },
              path: { type: 'string' },
            },
          }),
          default: ERROR_RESPONSE,
        },
      },
    },
    '/api/v1/upload/tus': {
      post: {
        summary: '断点续传：创建上传（tus 1.0，Upload-Metadata 带 filename）',
        description: '需要登录，且允许上传文档。检查同 /api/v1/upload/document；返回 Location 为续传地址。',
        tags: ['upload'],
        security: [{ bearer: [] }],
        responses: { 201: { description: 'Created（Location 头为上传地址）' }, default: ERROR_RESPONSE },
      },
    },
    '/api/v1/upload/tus/{id}': {
      patch: {
        summary: '断点续传：上传一段（最后一段的应答同 /api/v1/upload/document）',
        description: '需要登录，只能续传自己创建的上传。',
        tags: ['upload'],
        security: [{ bearer: [] }],
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { 204: { description: '已接收' }, default: ERROR_RESPONSE },
      },
      head: {
        summary: '断点续传：已上传的字节数（Upload-Offset）',
        description: '需要登录，只能查询自己创建的上传。',
        tags: ['upload'],
        security: [{ bearer: [] }],
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { 200: { description: 'Upload-Offset 头' }, default: ERROR_RESPONSE },
      },
    },
  };
  for (const kind of Object.keys(IMAGE_UPLOAD_KINDS) as ImageUploadKind[]) {
    const def = getPermission(`upload.${kind}` as PermissionKey);
    const access =
      kind === 'avatar'
        ? '需要登录；上传后即成为当前用户的头像'
        : kind === 'article'
          ? `需要权限 upload.${kind}，或当前用户可以发布文章`
          : `需要权限 upload.${kind}`;
    paths[`/api/v1/upload/${kind}`] = {
      post: {
        summary: def.title,
        description: `${access}。只接受图片（.jpg .jpeg .png .gif .webp .bmp .ico），按内容识别。`,
        tags: ['upload'],
        security: [{ bearer: [] }],
        requestBody: MULTIPART_FILE,
        responses: {
          200: uploaded({
            type: 'object',
            description: '附件',
            properties: { id: { type: 'integer' }, path: { type: 'string', description: '图片地址' } },
          }),
          default: ERROR_RESPONSE,
        },
      },
    };
  }
  return paths;
}

const DOCS_HTML = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Wenku API 参考</title><link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="swagger"></div><script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script></body></html>`;

/** `/api/v1/openapi.json` and a readable reference page at `/api/docs` (swagger-ui served locally). */
export function createDocsRouter(version: string): Router {
  const r = Router();
  const doc = buildOpenApi(version);
  const swaggerDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  r.get('/api/v1/openapi.json', (_req, res) => {
    res.json(doc);
  });
  r.use('/api/docs/assets', express.static(swaggerDir, { maxAge: '7d', index: false }));
  r.get('/api/docs/init.js', (_req, res) => {
    res
      .type('application/javascript')
      .send("window.ui = SwaggerUIBundle({ url: '/api/v1/openapi.json', dom_id: '#swagger', deepLinking: true });");
  });
  r.get('/api/docs', (_req, res) => {
    res.type('html').send(DOCS_HTML);
  });
  return r;
}
