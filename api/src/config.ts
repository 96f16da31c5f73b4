// Process configuration, read once from the environment and validated before anything starts.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIMITS, REMOTE_NAMES } from '@app/contract/constants';
import { z } from 'zod';
import { type BillingConfig, BillingEnvSchema, billingConfigFrom, billingConfigIssues } from './config.billing.ts';
import { type MailConfig, MailEnvSchema, mailConfigFrom } from './config.mail.ts';
import { commaList, flag } from './config.parsers.ts';
import { type StorageConfig, StorageEnvSchema, storageConfigFrom, storageConfigIssues } from './config.storage.ts';
import { type StudioConfig, StudioEnvSchema, studioConfigFrom } from './config.studio.ts';
import { AllowedNetworks } from './net/allowed-networks.ts';

/** The repository root (two levels above this file), used for default folders. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Only outside production: a fixed key so a fresh checkout starts without setup. */
const DEV_SECRET_KEY = 'dev-only-secret-key-do-not-use-in-production-0000';

const HOUR_MS = 60 * 60 * 1000;

/** `DATABASE_CONNECT_TIMEOUT_MS`'s default: far above a healthy connect; a burst that fills the pool waits this long before failing. */
export const DEFAULT_DATABASE_CONNECT_TIMEOUT_MS = 10_000;

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  /** PostgreSQL URL; unset means the embedded PGlite under `dataDir`. */
  databaseUrl?: string;
  /** How long opening (or waiting for) a PostgreSQL connection may take before it fails instead of hanging. */
  databaseConnectTimeoutMs: number;
  /** Where local state lives (PGlite cluster, stored images). */
  dataDir: string;
  /** The public origin of this service, for absolute links and callbacks. */
  publicUrl?: string;
  logLevel: LogLevel;
  /** Exact origins allowed to call the API with credentials. */
  corsOrigins: string[];
  /** Remote name to `remoteEntry.js` URL (absolute, or a path on this origin). */
  remotes: Record<string, string>;
  /** Key for encrypting stored secrets. */
  secretKey: string;
  /** Built host shell served at `/` (all-in-one start); unset serves no UI. */
  staticDir?: string;
  /** Folder holding `<remote>/dist` for each remote served at `/remotes/<remote>/`. */
  remotesDir: string;
  /** Trust `X-Forwarded-*` headers (behind a reverse proxy). */
  trustProxy: boolean;
  /** How long a graceful stop waits for in-flight requests. */
  shutdownTimeoutMs: number;
  /** What this process does: `web` serves HTTP and sends jobs, `worker` runs jobs and schedules, `all` both. */
  role: 'web' | 'worker' | 'all';
  /** How often a worker looks for due schedule occurrences (pg-boss cron monitor); unset: pg-boss's 30 s. */
  jobsCronIntervalSeconds?: number;
  /** First admin from the environment: created, or promoted with this password, at every start. */
  admin?: { username: string; password: string };
  /** OpenID issuer for Google sign-in; tests point it at a local fake provider. */
  googleIssuer: string;
  /** Browser session lifetimes. */
  sessions: SessionConfig;
  /** Per-process limits on sign-in and registration attempts. */
  authRateLimits: AuthRateLimitConfig;
  /** The image studio pipeline: providers, background jobs, stored files, limits (see config.studio.ts). */
  studio: StudioConfig;
  /** Where stored files live: the local folder `studio.filesDir`, or an S3-compatible bucket (see config.storage.ts). */
  storage: StorageConfig;
  /** Payment provider and Telegram hosts (see config.billing.ts). */
  billing: BillingConfig;
  /** Account mail: SMTP, or the local outbox (see config.mail.ts). */
  mail: MailConfig;
  /** Automation API (`/api/n8n/*`) requests allowed per token and minute. */
  automationRatePerMinute: number;
  /** Requests per caller (user, token or client address) and minute over all API routes, counted per process. */
  apiRatePerMinute: number;
  /** Automation callbacks: the waits between attempts, and the private networks they may reach. */
  /** Bearer token of GET /metrics; unset: no metrics endpoint. */
  metricsToken?: string;
  /** `allowedNetworks`: private networks and host names callbacks may reach (self-hosted n8n); empty = public only. */
  automationCallbacks: { retryMs: number[]; allowedNetworks: string[] };
}

export interface SessionConfig {
  /** A session unused for this long ends (sliding). */
  idleMs: number;
  /** A session ends this long after sign-in, however active. */
  absoluteMs: number;
}

export interface AuthRateLimitConfig {
  /** Length of one counting window. */
  windowMs: number;
  /** Login attempts per client IP per window. */
  loginPerIp: number;
  /** Login (and change-password) attempts per username per window. */
  loginPerUsername: number;
  /** Registrations per client IP per window. */
  registerPerIp: number;
}

/** Thrown by `loadConfig` with one readable line per bad variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const origin = z
  .string()
  .refine(
    (value) => URL.canParse(value) && new URL(value).origin === value,
    'must be an exact origin such as https://app.example.com (scheme, host, optional port; no path or trailing slash)',
  );

const remoteUrl = z
  .string()
  .max(2048, 'must be at most 2048 characters')
  .refine(
    (value) => (value.startsWith('/') && !value.startsWith('//')) || /^https?:\/\//.test(value),
    'must be an http(s) URL or a path starting with /',
  );

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .refine((value) => /^postgres(ql)?:\/\//.test(value) && URL.canParse(value), 'must be a postgres:// URL')
    .optional(),
  // A database that accepts connections but never answers fails requests and jobs after this long.
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(1).default(DEFAULT_DATABASE_CONNECT_TIMEOUT_MS),
  DATA_DIR: z.string().min(1).optional(),
  PUBLIC_URL: origin.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: commaList.pipe(z.array(origin)),
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  STATIC_DIR: z.string().min(1).optional(),
  REMOTES_DIR: z.string().min(1).optional(),
  TRUST_PROXY: flag.default(false),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  ROLE: z.enum(['web', 'worker', 'all']).default('all'),
  // pg-boss accepts 1 to 45 seconds.
  JOBS_CRON_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(45).optional(),
  ADMIN_USERNAME: z.string().trim().min(3, 'must be at least 3 characters').max(50).optional(),
  ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').max(200).optional(),
  GOOGLE_ISSUER: z
    .string()
    .refine((value) => /^https?:\/\//.test(value) && URL.canParse(value), 'must be an http(s) URL')
    .default('https://accounts.google.com'),
  SESSION_IDLE_HOURS: z.coerce
    .number()
    .positive()
    .default(7 * 24),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .positive()
    .default(30 * 24),
  AUTH_RATE_WINDOW_SECONDS: z.coerce
    .number()
    .positive()
    // A refusal's Retry-After can be this long; the contract declares at most a day.
    .max(LIMITS.retryAfterMaxSeconds)
    .default(15 * 60),
  LOGIN_LIMIT_PER_IP: z.coerce.number().int().min(1).default(100),
  LOGIN_LIMIT_PER_USERNAME: z.coerce.number().int().min(1).default(10),
  REGISTER_LIMIT_PER_IP: z.coerce.number().int().min(1).default(10),
  AUTOMATION_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  // Far above what the UI sends (its busiest page polls about twice a second) and below what a script can.
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  CALLBACK_ALLOWED_NETWORKS: commaList.superRefine((entries, issue) => {
    try {
      new AllowedNetworks(entries);
    } catch (error) {
      issue.addIssue({ code: 'custom', message: (error as Error).message });
    }
  }),
});

/** `REMOTE_ADMIN_URL=...` overrides the `admin` remote; any `REMOTE_<NAME>_URL` adds one. */
function remoteOverrides(env: Record<string, string | undefined>, issues: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    const match = /^REMOTE_([A-Z0-9_]+)_URL$/.exec(key);
    if (!match?.[1] || !value) continue;
    const parsed = remoteUrl.safeParse(value);
    if (parsed.success) out[match[1].toLowerCase().replaceAll('_', '-')] = parsed.data;
    else issues.push(`${key}: ${parsed.error.issues[0]?.message}`);
  }
  return out;
}

/** Default entry URLs: each remote served by this process under `/remotes/<name>/`. */
export function defaultRemotes(): Record<string, string> {
  return Object.fromEntries(REMOTE_NAMES.map((name) => [name, `/remotes/${name}/remoteEntry.js`]));
}

/**
 * Reads and validates the configuration from environment variables.
 * Empty values count as unset. Throws `ConfigError` listing every bad variable.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const issues: string[] = [];
  const parsed = EnvSchema.extend(StudioEnvSchema.shape)
    .extend(StorageEnvSchema.shape)
    .extend(BillingEnvSchema.shape)
    .extend(MailEnvSchema.shape)
    .safeParse(present);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) issues.push(`${issue.path.map(String).join('.') || 'env'}: ${issue.message}`);
  }
  const remotes = { ...defaultRemotes(), ...remoteOverrides(present, issues) };
  const e = parsed.data;
  if (e?.NODE_ENV === 'production' && !e.SECRET_KEY) issues.push('SECRET_KEY: required in production (at least 32 random characters)');
  if (e && Boolean(e.ADMIN_USERNAME) !== Boolean(e.ADMIN_PASSWORD)) issues.push('ADMIN_USERNAME, ADMIN_PASSWORD: set both or neither');
  if (e) issues.push(...billingConfigIssues(e, e.NODE_ENV === 'production'));
  if (e) issues.push(...storageConfigIssues(e));
  if (e && e.SESSION_ABSOLUTE_HOURS < e.SESSION_IDLE_HOURS)
    issues.push('SESSION_ABSOLUTE_HOURS: must not be shorter than SESSION_IDLE_HOURS');
  if (issues.length || !e) throw new ConfigError(`Invalid configuration:\n  ${issues.join('\n  ')}`);

  const defaultStatic = join(REPO_ROOT, 'shells/host/dist');
  return {
    nodeEnv: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseConnectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
    dataDir: e.DATA_DIR ?? join(REPO_ROOT, 'data'),
    publicUrl: e.PUBLIC_URL,
    logLevel: e.LOG_LEVEL,
    corsOrigins: e.CORS_ORIGINS,
    remotes,
    secretKey: e.SECRET_KEY ?? DEV_SECRET_KEY,
    staticDir: e.STATIC_DIR ?? (existsSync(join(defaultStatic, 'index.html')) ? defaultStatic : undefined),
    remotesDir: e.REMOTES_DIR ?? join(REPO_ROOT, 'remotes'),
    trustProxy: e.TRUST_PROXY,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    role: e.ROLE,
    jobsCronIntervalSeconds: e.JOBS_CRON_INTERVAL_SECONDS,
    ...(e.ADMIN_USERNAME && e.ADMIN_PASSWORD && { admin: { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD } }),
    googleIssuer: e.GOOGLE_ISSUER,
    sessions: { idleMs: e.SESSION_IDLE_HOURS * HOUR_MS, absoluteMs: e.SESSION_ABSOLUTE_HOURS * HOUR_MS },
    authRateLimits: {
      windowMs: e.AUTH_RATE_WINDOW_SECONDS * 1000,
      loginPerIp: e.LOGIN_LIMIT_PER_IP,
      loginPerUsername: e.LOGIN_LIMIT_PER_USERNAME,
      registerPerIp: e.REGISTER_LIMIT_PER_IP,
    },
    studio: studioConfigFrom(e, e.DATA_DIR ?? join(REPO_ROOT, 'data')),
    storage: storageConfigFrom(e),
    billing: billingConfigFrom(e, e.NODE_ENV === 'production'),
    mail: mailConfigFrom(e, e.DATA_DIR ?? join(REPO_ROOT, 'data'), e.PUBLIC_URL),
    automationRatePerMinute: e.AUTOMATION_RATE_LIMIT_PER_MINUTE,
    apiRatePerMinute: e.API_RATE_LIMIT_PER_MINUTE,
    // Sent at once when the task ends, then retried after 10 s, 1 min, 5 min, 30 min and 2 h.
    metricsToken: e.METRICS_TOKEN,
    automationCallbacks: {
      retryMs: [10_000, 60_000, 300_000, 1_800_000, 7_200_000],
      allowedNetworks: e.CALLBACK_ALLOWED_NETWORKS,
    },
  };
}
