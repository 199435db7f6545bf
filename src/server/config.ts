import { join, resolve } from 'node:path';
import { z } from 'zod';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(5000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalString,
    ADMIN_EMAIL: optionalString,
    ADMIN_PASSWORD: optionalString,
    ADMIN_ORGANIZATION: z.string().default('Training Center'),
    /** Extra origins allowed to send state-changing requests (comma separated). */
    ALLOWED_ORIGINS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    /**
     * Set when behind a reverse proxy: client address and protocol come from X-Forwarded-*.
     * `true` trusts any peer; a comma-separated list of addresses or CIDR ranges (the load
     * balancer's, `127.0.0.1` for deploy/nginx.conf on the same host) trusts only those.
     */
    TRUST_PROXY: z
      .string()
      .trim()
      .default('false')
      .transform((v): boolean | string[] =>
        v === 'true' ? true : v === 'false' || v === '' ? false : v.split(',').map((s) => s.trim()),
      ),
    /**
     * Bearer token Prometheus presents at /metrics; unset, /metrics answers 404 (metrics off).
     */
    METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'Use at least 16 characters').optional()),
    /**
     * On SIGTERM, how long a node answers "not ready" while still serving, so the load balancer
     * stops sending it requests before it closes (Kubernetes: a few seconds; alone: 0).
     */
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(0),
    COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
    /**
     * A session ends this many hours after its sign-in, however active (besides the idle
     * timeout each user chooses): a stolen cookie does not live for ever.
     */
    SESSION_MAX_HOURS: z.coerce
      .number()
      .min(0.01)
      .max(24 * 30)
      .default(12),
    /**
     * 32+ characters sealing the authenticator secrets of two-factor sign-in (AES-256-GCM); unset,
     * a random key file in DATA_DIR is made. Several nodes must share it.
     */
    AUTH_SECRET: optionalString.pipe(z.string().min(32, 'Use at least 32 characters').optional()),
    LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
    /**
     * Platform operators (comma-separated e-mails of existing accounts): they see every
     * organization's counts and plan usage, never its records, and create organizations.
     */
    OPERATOR_EMAILS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim().toLowerCase())
          .filter(Boolean),
      ),
    /** `open`: the pricing page's trial button creates a Trial organization, confirmed by e-mail. */
    SIGNUP: z.enum(['closed', 'open']).default('closed'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    CLIENT_DIR: z.string().default('./dist/client'),
    /**
     * Where the embedded database runs: its own thread (default), or the server's event loop
     * (`in-process`, kept to measure the difference: docs/PERFORMANCE.md).
     */
    EMBEDDED_DATABASE: z.enum(['thread', 'in-process']).default('thread'),
    /** DESIGN §3: `web` serves requests, `worker` runs background jobs, `all` does both. */
    ROLE: z.enum(['web', 'worker', 'all']).default('all'),
    /** Background jobs one process runs at the same time. */
    JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
    /**
     * On PostgreSQL, a run whose worker has not renewed its lease for this long (killed, cut off)
     * goes back to the queue for another worker.
     */
    JOB_LEASE_SECONDS: z.coerce.number().int().min(3).max(3600).default(30),
    /** OCR workers (tesseract.js); defaults to the CPU count. */
    OCR_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
    /** Optional OpenAI-compatible model (OpenAI, Ollama, vLLM, llama.cpp): base URL and model name. */
    AI_BASE_URL: optionalString.pipe(z.url().optional()),
    AI_API_KEY: optionalString,
    AI_MODEL: optionalString,
    /** Time allowed for one model answer before the built-in reasoner takes over. */
    AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(20_000),
    /** Extracted fields under this confidence are read again by the model, when one is set. */
    AI_REFINE_BELOW: z.coerce.number().min(0).max(1).default(0.8),
    /**
     * Ledger signing keys never live in the database they protect: one file per key in this
     * folder (owner-only; DATA_DIR/ledger-keys by default; a mounted secret on many nodes), or,
     * when LEDGER_KEY_SECRET is set, sealed with it (AES-256-GCM) beside the public key.
     */
    LEDGER_KEYS_DIR: optionalString,
    LEDGER_KEY_SECRET: optionalString.pipe(
      z.string().min(32, 'Use at least 32 characters').optional(),
    ),
    /** First part of a new log's origin (C2SP checkpoint); the organization id follows. */
    LEDGER_ORIGIN_PREFIX: z
      .string()
      .regex(/^[^\s+]+$/, 'No spaces or plus signs')
      .default('centerline.local/ledger'),
    /** The eCFR (versioner API) the regulatory monitor reads 14 CFR Part 142 from. */
    ECFR_BASE_URL: z.url().default('https://www.ecfr.gov'),
    /** Hours between scheduled fetches of the regulation text; 0 fetches only on Refresh. */
    REGULATORY_FETCH_HOURS: z.coerce
      .number()
      .min(0)
      .max(24 * 30)
      .default(24),
    /**
     * Server-side fetches (eCFR, monitored links) refuse private, loopback and link-local
     * addresses unless this is true (tests and closed networks with an internal mirror).
     */
    FETCH_ALLOW_PRIVATE: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    /** Link checks running at the same time against one host. */
    LINK_CHECKS_PER_HOST: z.coerce.number().int().min(1).max(16).default(2),
    /**
     * Outgoing e-mail (invitations, notifications): `smtp://user:password@host:587` or
     * `smtps://…:465`. Unset, nothing is e-mailed and invitations stay links the admin hands over.
     */
    SMTP_URL: optionalString.pipe(z.url().optional()),
    MAIL_FROM: z.string().default('Centerline <no-reply@centerline.local>'),
    /** The address people open Centerline at, for links in e-mails (default: this host and port). */
    PUBLIC_URL: optionalString.pipe(z.url().optional()),
    /** How often checkpoints not yet cosigned are sent to the witnesses again. */
    LEDGER_COSIGN_INTERVAL_MS: z.coerce.number().int().min(1000).default(60_000),
  })
  .superRefine((v, ctx) => {
    if ((v.ADMIN_EMAIL === undefined) !== (v.ADMIN_PASSWORD === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD'],
        message: 'Set both ADMIN_EMAIL and ADMIN_PASSWORD, or neither',
      });
    }
    if ((v.AI_BASE_URL === undefined) !== (v.AI_MODEL === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['AI_MODEL'],
        message: 'Set both AI_BASE_URL and AI_MODEL, or neither',
      });
    }
    if (v.ADMIN_PASSWORD !== undefined && v.ADMIN_PASSWORD.length < 12) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD'],
        message: 'Use at least 12 characters',
      });
    }
  });

export type Config = z.infer<typeof schema> & {
  dataDir: string;
  clientDir: string;
  ledgerKeysDir: string;
};

/** Parses the environment once; fails listing every problem at the same time. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return {
    ...parsed.data,
    dataDir: resolve(parsed.data.DATA_DIR),
    clientDir: resolve(parsed.data.CLIENT_DIR),
    ledgerKeysDir: resolve(
      parsed.data.LEDGER_KEYS_DIR ?? join(parsed.data.DATA_DIR, 'ledger-keys'),
    ),
  };
}

/** What the browser may learn about the server's configuration. */
export function publicConfig(config: Config) {
  return { mode: config.DATABASE_URL ? ('scaled' as const) : ('embedded' as const) };
}
