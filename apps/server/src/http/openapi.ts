import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { appRouter } from '@wenku/api';
import express, { Router } from 'express';
import { z } from 'zod';
import { REST_ROUTES } from '../rest/v1/routes.ts';

interface ProcedureDef {
  _def: { inputs: z.ZodType[]; output?: z.ZodType; meta?: { access?: string; permission?: string } };
}

export const procedureDef = (path: string) =>
  (appRouter._def.procedures as unknown as Record<string, ProcedureDef | undefined>)[path];

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
    const name = typeof r.procedure === 'string' ? r.procedure : r.procedure({});
    const def = procedureDef(name)?._def;
    const input = jsonSchema(def?.inputs[0], 'input') as { properties?: Record<string, unknown>; required?: string[] };
    const inQuery = r.method === 'GET' || r.method === 'DELETE';
    const access = def?.meta?.permission
      ? `需要权限 ${def.meta.permission}`
      : def?.meta?.access === 'member'
        ? '需要登录'
        : '公开';
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
