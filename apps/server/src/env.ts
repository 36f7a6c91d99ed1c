import { z } from 'zod';

const optionalText = z
  .string()
  .optional()
  .transform((v) => v || undefined);
const optionalUrl = z
  .string()
  .regex(/^https?:\/\//, 'must be an http:// or https:// URL')
  .optional()
  .or(z.literal('').transform(() => undefined));

/** The only reader of process.env (ARCHITECTURE.md rule 9): parsed once, failing fast with a readable message. */
const base = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8880),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATA_DIR: z.string().min(1).default('./data'),
  ADMIN_PASSWORD: z
    .string()
    .min(6, 'must be at least 6 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** 1 the demo library (default with the embedded database), small three one-page documents (tests), 0 none. */
  SEED_DEMO: z.enum(['0', '1', 'small']).optional(),
  ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  JWT_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  JWT_EXPIRES_IN_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  TRUST_PROXY: z.string().default('loopback'),
  WEB_DIST: z.string().optional(),
  LOG_SQL: z.enum(['0', '1']).default('0'),
  /** 0: every /api/trpc request through tRPC's own adapter, without the GET fast path (apps/server/src/trpc.ts). */
  TRPC_FAST_PATH: z.enum(['0', '1']).default('1'),
  /** 0: every /view/page request through the general middlewares and the documents router (http/page-fast-path.ts). */
  PAGE_FAST_PATH: z.enum(['0', '1']).default('1'),
  /** Conversions at once in a worker process (capped at the number of cores). */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /** How often a worker looks for documents waiting without a job (crash recovery), in seconds. */
  WORKER_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** A conversion without a heartbeat for this long lost its worker (killed, machine gone) and is taken over. */
  WORKER_STALE_SECONDS: z.coerce.number().int().min(4).max(3600).default(45),
  /**
   * Page images and covers a web process keeps in memory after sending them from local disk, in MB (0: none, every
   * one read from disk). Files over 1 MB are never kept.
   */
  PAGE_MEMO_MB: z.coerce.number().int().min(0).max(4096).default(32),
  /** Memory cap of one conversion process, in MB. */
  CONVERT_MAX_RSS_MB: z.coerce.number().int().min(128).max(65536).default(1536),
  /**
   * Tests only: lets the crawler fetch loopback and private addresses (a local fixture site). Never set in production:
   * the crawler would then reach the server's own network.
   */
  WENKU_SPIDER_ALLOW_PRIVATE: z.enum(['0', '1']).default('0'),
  /** Where files live: `local` (DATA_DIR/storage) or `s3` (an S3-compatible bucket, for several machines). */
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: z.enum(['0', '1']).default('0'),
  /** 0: page images, covers, images and downloads stream through the server; N > 0: redirect to links signed for N s. */
  S3_REDIRECT_SECONDS: z.coerce.number().int().min(0).max(86_400).default(0),
  /** Where browsers reach the bucket, for signed links, when it differs from S3_ENDPOINT. */
  S3_PUBLIC_ENDPOINT: optionalUrl,
  /** The build's commit and time, shown on the admin dashboard (set by the release build). */
  WENKU_BUILD_HASH: z.string().default(''),
  WENKU_BUILD_AT: z.string().default(''),
});

const schema = base.superRefine((env, issues) => {
  if (env.STORAGE !== 's3') return;
  if (!env.S3_BUCKET) issues.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'required with STORAGE=s3' });
  if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY)
    issues.addIssue({
      code: 'custom',
      path: ['S3_SECRET_ACCESS_KEY'],
      message: 'set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the SDK then finds credentials itself)',
    });
});

export type Env = z.infer<typeof schema>;

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment variables:\n${lines.join('\n')}\nSee .env.example for what each one means.`);
  }
  return result.data;
}
