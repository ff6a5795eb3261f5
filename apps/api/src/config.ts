import { z } from 'zod';

/**
 * PostgreSQL connections per API instance unless DB_POOL_SIZE says otherwise. 20, not 10: with
 * 200 students saving at once on 2 cores, 10 connections were the queue (1,630–2,170 saves/s over
 * seven runs; with 20, 2,340–2,670 over three; npm run bench -- --quick, the bare route it is
 * compared with using the same size). Connections are opened only as needed.
 */
export const DEFAULT_DB_POOL_SIZE = 20;

/**
 * TRUST_PROXY: which proxies in front of vbuilder may say who the client is through
 * X-Forwarded-For / -Proto / -Host. Off by default: then the client is the TCP peer, and a header
 * any client can write never decides an address that rate limits are keyed on. A number trusts that
 * many hops (one load balancer: 1); a comma-separated list trusts the proxies at those addresses
 * or CIDR ranges. "true" (every hop, so the left-most address anyone could write) is refused.
 */
const trustProxyFromEnv = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (['false', '0', 'no', 'off'].includes(value.toLowerCase())) return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const valid = entries.every(
      (entry) => z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]).safeParse(entry).success,
    );
    if (!valid) {
      ctx.addIssue({
        code: 'custom',
        message: 'expected a hop count (e.g. 1) or a comma-separated list of proxy addresses or CIDR ranges',
      });
      return z.NEVER;
    }
    return entries;
  });

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Where the embedded database and uploaded files live. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** PostgreSQL connection; absent means the embedded PGlite in DATA_DIR. */
  DATABASE_URL: z.url().optional(),
  /**
   * Connections the API keeps open to PostgreSQL (opened as needed); keep instances × size below
   * the server's max_connections.
   */
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(DEFAULT_DB_POOL_SIZE),
  /** The address users reach vbuilder at; links in mails and the OIDC issuer derive from it. */
  PUBLIC_URL: z.url().optional(),
  /**
   * Where rate limits and sign-in throttling count: the database (default; every
   * instance on it shares them) or Redis at REDIS_URL (takes that write load off the database).
   */
  RATE_LIMIT_STORE: z.enum(['database', 'redis']).default('database'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'expected a redis:// or rediss:// URL')
    .optional(),
  /** Prefix of vbuilder's keys in a shared Redis (instances of one installation use the same). */
  REDIS_KEY_PREFIX: z.string().min(1).default('vbuilder:'),
  /**
   * Uploaded files on S3-compatible storage: setting the bucket turns it on, so every
   * instance reads every upload; absent, files stay on the local disk under DATA_DIR/files.
   */
  S3_BUCKET: z.string().min(1).optional(),
  /** The server's URL for MinIO, Garage, R2…; absent: AWS S3 itself in S3_REGION. */
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Bucket in the path (…/bucket/key) rather than the host name; default: true with S3_ENDPOINT. */
  S3_FORCE_PATH_STYLE: booleanFromEnv.optional(),
  /** Seconds a stopping server waits for requests in flight before it leaves anyway. */
  SHUTDOWN_TIMEOUT: z.coerce.number().int().min(1).max(600).default(10),
  /** Proxies allowed to name the client (see trustProxyFromEnv): off, a hop count, or addresses. */
  TRUST_PROXY: trustProxyFromEnv.default(false),
  /** An external OpenID provider (e.g. Keycloak realm URL) instead of the embedded one. */
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().default('vbuilder-web'),
  /** Extra redirect URIs for the SPA client, comma separated (the dev server, for instance). */
  OIDC_EXTRA_REDIRECT_URIS: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('vbuilder <no-reply@vbuilder.local>'),
  SEED_DEMO: booleanFromEnv.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Folder of the built SPA; served with history fallback when it exists. */
  WEB_DIST: z.string().optional(),
  /** Links in the top bar (docs/product/overview.md). */
  LEARNING_PLATFORM_URL: z.url().default('https://learn.vbuilder.app'),
  SUPPORT_URL: z.url().default('https://support.vbuilder.app'),
  /** AI question generation (docs/architecture/overview.md): any OpenAI-compatible endpoint; without a key it answers ai_key_missing. */
  OPENAI_API_KEY: z.string().optional(),
  /** The endpoint's base URL (…/v1); absent: OpenAI's own. */
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  /** The seller on invoices (vbuilder's billing details); the texts print as written, in any script. */
  BILLING_COMPANY_NAME: z.string().min(1).default('vbuilder'),
  /** Postal address on invoices; a `\n` starts a new line. */
  BILLING_ADDRESS: z.string().optional(),
  /** The seller's tax registration number, printed when set. */
  BILLING_TAX_ID: z.string().optional(),
  /** Bank transfer details printed on invoices (`\n` starts a new line); absent: a translated text pointing to BILLING_SUPPORT_EMAIL. */
  BILLING_PAYMENT_INSTRUCTIONS: z.string().optional(),
  /** Where schools write about invoices and payments; printed on invoices and in billing mails. */
  BILLING_SUPPORT_EMAIL: z.email().default('billing@vbuilder.app'),
  /** Tax added to invoices in basis points (700 = 7 %); 0 prints no tax line. */
  BILLING_TAX_RATE_BP: z.coerce.number().int().min(0).max(10_000).default(0),
  /** The tax's own name on invoices (VAT, GST…), as written; absent: "Tax" in the reader's language. */
  BILLING_TAX_NAME: z.string().optional(),
  /** Days between an invoice's issue and its due date. */
  BILLING_PAYMENT_TERMS_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  /**
   * Whether this instance runs the job queue's workers and periodic tasks (mail, notifications,
   * deadline closer, release sweeper, billing clock). false: it only serves requests, and the jobs
   * they make wait in the database for an instance that works (docs/operations/several-instances.md).
   */
  JOBS_WORK: booleanFromEnv.default(true),
  /** How often the billing clock sends renewal reminders and records lapses (ms); 0: never. */
  BILLING_CLOCK_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(15 * 60_000),
  /** Card payments (Stripe): offered only when the secret key is set; it never leaves the server. */
  STRIPE_SECRET_KEY: z.string().optional(),
  /** The signing secret (whsec_…) of the webhook endpoint POST /api/payments/webhooks/stripe. */
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Where the SDK sends API calls (tests point it at a local fake); absent: Stripe's own. */
  STRIPE_API_HOST: z.string().optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
});

export type Config = z.infer<typeof ConfigSchema>;

/** Settings that only make sense together, checked after each key on its own. */
const ConfigRules = ConfigSchema.superRefine((config, ctx) => {
  if (config.RATE_LIMIT_STORE === 'redis' && !config.REDIS_URL) {
    ctx.addIssue({ code: 'custom', path: ['REDIS_URL'], message: 'required when RATE_LIMIT_STORE is redis' });
  }
  // The bucket and its two keys come together; any of them alone is a half-done setup.
  const s3Keys = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  if (s3Keys.some((key) => config[key]) || config.S3_ENDPOINT) {
    for (const key of s3Keys.filter((key) => !config[key])) {
      ctx.addIssue({ code: 'custom', path: [key], message: 'required with the other S3_* settings' });
    }
  }
});

export class ConfigError extends Error {}

/** Parses the environment once; fails naming every bad key so a misconfigured server never starts. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  // Empty strings mean "not set" (an exported but blank variable in a shell or a CI file).
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ConfigRules.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** The origin the app is reached at: PUBLIC_URL, or localhost on PORT. */
export const publicUrl = (config: Config): string =>
  (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
