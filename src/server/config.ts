import path from 'node:path';
import { z } from 'zod';
import { parseMailFrom } from './features/mail/sender';

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(z.url().optional());

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('localhost'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  // strict: every commit to the embedded database is fsynced (survives a power cut).
  PGLITE_DURABILITY: z.enum(['relaxed', 'strict']).default('relaxed'),
  DATABASE_URL: optionalUrl.refine(
    (value) => value === undefined || /^postgres(ql)?:\/\//.test(value),
    'must be a postgres:// or postgresql:// URL',
  ),
  PUBLIC_URL: optionalUrl,
  AUTH_SECRET: optionalText.refine(
    (value) => value === undefined || value.length >= 32,
    'must be at least 32 characters',
  ),
  TRUSTED_ORIGINS: optionalText,
  // Behind a load balancer or reverse proxy: how many proxies (1, 2...) or
  // which addresses (comma-separated IPs/CIDRs) to trust for X-Forwarded-For,
  // so rate limits count each client, not the balancer.
  TRUST_PROXY: optionalText.refine(
    (value) =>
      value === undefined ||
      /^[1-9]\d?$/.test(value) ||
      value.split(',').every((part) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(part.trim())),
    'must be a number of proxies (1-99) or comma-separated addresses (CIDR allowed)',
  ),
  // Set by `npm run dev` only: the Vite dev server, which proxies /api.
  DEV_WEB_ORIGIN: optionalUrl,
  SMTP_URL: optionalUrl,
  // The address mail is sent from (one the mail server accepts). The name a
  // reader sees is the business name from Settings (features/mail/sender.ts);
  // a display name written here is not used.
  MAIL_FROM: z
    .string()
    .trim()
    .default('no-reply@localhost')
    .refine((value) => parseMailFrom(value) !== null, 'must be one email address'),
  SIGN_IN_IP_LIMIT: z.coerce.number().int().min(1).max(10_000).default(30),
  ONLINE_BOOKING_LIMIT: z.coerce.number().int().min(1).max(10_000).default(10),
  SIGN_IN_ACCOUNT_LIMIT: z.coerce.number().int().min(2).max(10_000).default(100),
  // A request must arrive whole within REQUEST_TIMEOUT_MS (body included)
  // and its headers within HEADERS_TIMEOUT_MS, or the connection is closed
  // with a 408: a client sending a byte every few seconds cannot hold it.
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(500).max(600_000).default(10_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO_DATA: z
    .enum(['auto', 'always', 'never'])
    .default('auto')
    .describe('auto seeds an empty embedded database; never skips; always reseeds an empty one'),
  DEMO_SIMULATION: z
    .enum(['auto', 'on', 'off'])
    .default('auto')
    .describe('auto: npm start moves the demo drivers on the embedded demo database; on; off'),
  TILE_URL: z.string().trim().min(1).default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  GOOGLE_MAPS_API_KEY: optionalText,
  OSRM_URL: optionalUrl,
  GEOCODER_URL: optionalUrl,
  GEOCODER_KIND: z.enum(['photon', 'nominatim']).default('photon'),
  MAPS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  // Uploaded files: $DATA_DIR/files unless an S3-compatible bucket is named
  // (then every app instance on one database shares the files).
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
});

export type RawConfig = z.infer<typeof ConfigSchema>;

export type Config = RawConfig & {
  /** Fastify's trustProxy: false, a hop count or trusted addresses. */
  trustProxy: false | number | string[];
  dataDir: string;
  publicUrl: string;
  trustedOrigins: string[];
  databaseKind: 'pglite' | 'postgres';
};

export class ConfigError extends Error {
  constructor(public readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** An origin and, when it is on localhost, its 127.0.0.1 twin. */
function withLoopbackTwin(address: string): string[] {
  const url = new URL(address);
  const origins = [url.origin];
  if (url.hostname === 'localhost')
    origins.push(`${url.protocol}//127.0.0.1${url.port ? `:${url.port}` : ''}`);
  return origins;
}

/**
 * The app's own origin and, only when `npm run dev` sets DEV_WEB_ORIGIN, the
 * Vite dev server that proxies /api. NODE_ENV is no guide: `npm start`
 * runs with its default (development) too, and must not trust port 5173.
 */
function defaultOrigins(publicUrl: string, devWebOrigin: string | undefined): string[] {
  return [...withLoopbackTwin(publicUrl), ...(devWebOrigin ? withLoopbackTwin(devWebOrigin) : [])];
}

/** Reads and validates the environment once; a bad value names its variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const raw = parsed.data;
  if (raw.HEADERS_TIMEOUT_MS > raw.REQUEST_TIMEOUT_MS) {
    throw new ConfigError(['HEADERS_TIMEOUT_MS: must not be more than REQUEST_TIMEOUT_MS']);
  }
  if (raw.NODE_ENV === 'production' && raw.AUTH_SECRET === undefined) {
    throw new ConfigError(['AUTH_SECRET: is required when NODE_ENV is production']);
  }
  const publicUrl = (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, '');
  const extraOrigins = (raw.TRUSTED_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  return {
    ...raw,
    trustProxy: !raw.TRUST_PROXY
      ? false
      : /^\d+$/.test(raw.TRUST_PROXY)
        ? Number(raw.TRUST_PROXY)
        : raw.TRUST_PROXY.split(',').map((part) => part.trim()),
    dataDir: path.resolve(raw.DATA_DIR),
    publicUrl,
    trustedOrigins: [
      ...new Set([...defaultOrigins(publicUrl, raw.DEV_WEB_ORIGIN), ...extraOrigins]),
    ],
    databaseKind: raw.DATABASE_URL ? 'postgres' : 'pglite',
  };
}

/**
 * What the configuration leaves to chance, said once at start: documents on
 * this machine's disk while the database may serve other instances too.
 */
export function startupWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.DATABASE_URL && !config.S3_BUCKET) {
    warnings.push(
      `Uploaded documents are kept in ${path.join(config.dataDir, 'files')} on this machine: ` +
        'with more than one instance on this database, set S3_BUCKET so that every instance ' +
        'sees every file.',
    );
  }
  return warnings;
}
