import { config as loadDotenv } from 'dotenv';
import { z } from 'zod';

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== '' ? value.trim() : undefined));

/** The key development and tests run on; it is public, so production refuses it. */
const DEVELOPMENT_SECRET_KEY = 'dev-only-secret-key-change-me-in-production';
/** Placeholders that were published in this repository at some point. */
const KNOWN_PLACEHOLDER_KEYS = new Set([DEVELOPMENT_SECRET_KEY, 'change-me-to-a-long-random-value']);
/** 32 bytes: the key is the HKDF root for signed tokens and the AES-256 key of stored magic links. */
export const MIN_PRODUCTION_SECRET_KEY_LENGTH = 32;

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_ORIGIN: optionalString,
  /**
   * How many reverse proxies stand in front of the API. 0: X-Forwarded-For and X-Forwarded-Proto are
   * ignored (anyone can write them); N: the address the N-th proxy from the API saw is the client's.
   */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  DATABASE_URL: z.string().default('postgres://postgres@127.0.0.1:5432/turnproof'),
  TEMPORAL_ADDRESS: z.string().default('127.0.0.1:7233'),
  TEMPORAL_NAMESPACE: z.string().default('default'),
  /** Defaults to one queue per database (see taskQueueFor), so two checkouts on one machine never share work. */
  TEMPORAL_TASK_QUEUE: optionalString,
  TEMPORAL_UI_PORT: z.coerce.number().int().default(8233),
  /** Temporal Cloud: an API key (implies TLS). */
  TEMPORAL_API_KEY: optionalString,
  /** TLS to the frontend without a client certificate or key ('true'). */
  TEMPORAL_TLS: z
    .string()
    .optional()
    .transform((value) => value === 'true' || value === '1'),
  /** An mTLS cluster: the client certificate and key (PEM files), and the CA and server name to trust. */
  TEMPORAL_TLS_CERT_PATH: optionalString,
  TEMPORAL_TLS_KEY_PATH: optionalString,
  TEMPORAL_TLS_CA_PATH: optionalString,
  TEMPORAL_TLS_SERVER_NAME: optionalString,
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('Turnproof <no-reply@turnproof.local>'),
  /** Where contact-form messages go (Reply-To is the sender); shown on the public pages. */
  SUPPORT_EMAIL: z.email().default('support@turnproof.local'),
  DATA_DIR: z.string().default('.data'),
  MEDIA_DIR: optionalString,
  /** Where the daily backup schedule writes (7 daily and 4 weekly kept); unset: no scheduled backups. */
  BACKUP_DIR: optionalString,
  /** 32 bytes in base64: backups are encrypted with AES-256-GCM when set (keep it apart from the backups). */
  BACKUP_ENCRYPTION_KEY: optionalString,
  /**
   * Media on an S3-compatible store instead of MEDIA_DIR: set the endpoint and bucket (and the region
   * and keys). Uploads then go from the phone to the bucket with presigned PUT URLs.
   */
  S3_ENDPOINT: optionalString,
  S3_BUCKET: optionalString,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /**
   * The store as phones and browsers reach it, when not at S3_ENDPOINT (the API's and workers' address,
   * say http://s3:7070 inside a private network): presigned URLs are signed for this one.
   */
  S3_PUBLIC_ENDPOINT: optionalString,
  /** Bucket in the path (`endpoint/bucket/key`), as most self-hosted stores want; 'false' for virtual hosts. */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', ''])
    .default('true')
    .transform((value) => value !== 'false'),
  SECRET_KEY: z.string().default(DEVELOPMENT_SECRET_KEY),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_BASE: optionalString,
  /**
   * Text messages (SMS and WhatsApp) through Twilio: the account's SID and auth token, and a sender (a
   * number, or a Messaging Service). Unset: messaging is off and cleaners get e-mail.
   */
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  TWILIO_FROM_NUMBER: optionalString,
  TWILIO_MESSAGING_SERVICE_SID: optionalString,
  /** The WhatsApp sender, as Twilio writes it (`whatsapp:+1…` or the bare number). */
  TWILIO_WHATSAPP_FROM: optionalString,
  /** The base URL of Twilio's REST API; tests point it at a local server that speaks it. */
  TWILIO_API_URL: optionalString,
  /**
   * Browser notifications (Web Push): the server's VAPID key pair (base64url, as web-push's
   * generateVAPIDKeys writes them) and who push services may contact (mailto: or https:). Unset: off.
   */
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  VAPID_SUBJECT: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  /** The OpenID Connect issuer of Continue with Google; tests point it at a local provider. */
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** The runner's build reads it; the API lets the runner's pages fetch from its origin (CSP connect-src). */
  VITE_REVERSE_GEOCODING_URL: optionalString,
  /**
   * The address the metrics ports listen on. They have no authentication, so only this machine's
   * loopback unless set (the compose sets 0.0.0.0 inside its private network, where nothing publishes them).
   */
  METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  /** Prometheus metrics of the API process at :METRICS_PORT/metrics; 0 turns them off. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  /** Prometheus metrics of the worker (the Temporal SDK's and activity outcomes); 0 turns them off. */
  WORKER_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9465),
  /**
   * The worker's CPU priority (nice, 0-19): its work (workflows, photo checks, reports, mail) is in the
   * background of the API's requests, so on a machine they share, a cleaner's tick comes first. Separate
   * machines: no effect. The tests' worker processes run at 0 (api/test/support/worker-process.ts).
   */
  WORKER_NICENESS: z.coerce.number().int().min(0).max(19).default(10),
  /** The worker's workflow code bundled at image build (temporal/src/bundle-main.ts); unset: bundled at start. */
  WORKFLOW_BUNDLE_PATH: optionalString,
  /**
   * Worker Versioning (docs/operations.md, Deploying workflow changes): the worker declares the deployment
   * version WORKER_DEPLOYMENT_NAME / WORKER_BUILD_ID, new runs go to the newest version and running ones
   * stay on the code they started with. Off: one unversioned pool, changes ride on patched() alone.
   */
  WORKER_VERSIONING: z
    .enum(['true', 'false', ''])
    .default('false')
    .transform((value) => value === 'true'),
  WORKER_DEPLOYMENT_NAME: z.string().trim().min(1).default('turnproof'),
  /** Unset: derived from the workflow code itself (temporal/src/worker-deployment.ts). */
  WORKER_BUILD_ID: optionalString,
  LOG_LEVEL: z.string().default('info'),
  /** Booking calendar feeds: how often they are fetched, and the turnaround when no booking follows. */
  CALENDAR_POLL_INTERVAL_MINUTES: z.coerce.number().positive().default(15),
  CALENDAR_DEFAULT_TURNAROUND_HOURS: z.coerce.number().positive().default(24),
  /** Lets calendar feeds live on private, loopback or link-local addresses (local use and tests only). */
  CALENDAR_ALLOW_PRIVATE_ADDRESSES: z
    .enum(['true', 'false', ''])
    .default('false')
    .transform((value) => value === 'true'),
  /** Lets webhook endpoints live on private, loopback or link-local addresses (tests only). */
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: z
    .enum(['true', 'false', ''])
    .default('false')
    .transform((value) => value === 'true'),
  /**
   * RFC 3161 time-stamping authorities, comma-separated, tried in order: each run's capture-log head is
   * stamped at completion and hourly while the run is open. Unset: no timestamps.
   */
  TSA_URL: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((url) => url.trim())
        .filter(Boolean),
    ),
  /** PEM file of the authorities' root certificates; set, a token whose certificate chain does not reach one is refused. */
  TSA_CA_FILE: optionalString,
  /** Lets time-stamping authorities live on private, loopback or link-local addresses (tests only). */
  TSA_ALLOW_PRIVATE_ADDRESSES: z
    .enum(['true', 'false', ''])
    .default('false')
    .transform((value) => value === 'true'),
  NODE_ENV: z.string().default('development'),
});

/** Every variable the configuration reads (the compose file may set no other). */
export const CONFIG_VARIABLES = Object.keys(schema.shape);

export type Config = Omit<z.infer<typeof schema>, 'TEMPORAL_TASK_QUEUE'> & {
  TEMPORAL_TASK_QUEUE: string;
  publicOrigin: string;
  outboxDir: string;
  mediaDir: string;
  /** Set when S3_ENDPOINT and S3_BUCKET are: media live in that bucket. */
  s3: S3Settings | null;
};

export interface S3Settings {
  endpoint: string;
  /** Where presigned URLs point: the store as browsers reach it. */
  publicEndpoint: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/** Reads the environment (and `.env` when present) once; every process calls this at start. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  if (env === process.env) loadDotenv({ quiet: true });
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  }
  const values = parsed.data;
  if (values.NODE_ENV === 'production') assertProductionSecret(values.SECRET_KEY);
  return {
    ...values,
    TEMPORAL_TASK_QUEUE: values.TEMPORAL_TASK_QUEUE ?? taskQueueFor(values.DATABASE_URL),
    publicOrigin: values.PUBLIC_ORIGIN ?? `http://localhost:${values.PORT}`,
    outboxDir: `${values.DATA_DIR}/outbox`,
    mediaDir: values.MEDIA_DIR ?? `${values.DATA_DIR}/media`,
    s3: s3Settings(values),
  };
}

function s3Settings(values: z.infer<typeof schema>): S3Settings | null {
  if (!values.S3_ENDPOINT && !values.S3_BUCKET) return null;
  if (!values.S3_ENDPOINT || !values.S3_BUCKET) {
    throw new Error(
      'Invalid configuration: S3_ENDPOINT and S3_BUCKET go together; set both, or neither for local disk.',
    );
  }
  return {
    endpoint: values.S3_ENDPOINT,
    publicEndpoint: values.S3_PUBLIC_ENDPOINT ?? values.S3_ENDPOINT,
    bucket: values.S3_BUCKET,
    region: values.S3_REGION,
    ...(values.S3_ACCESS_KEY_ID ? { accessKeyId: values.S3_ACCESS_KEY_ID } : {}),
    ...(values.S3_SECRET_ACCESS_KEY ? { secretAccessKey: values.S3_SECRET_ACCESS_KEY } : {}),
    forcePathStyle: values.S3_FORCE_PATH_STYLE,
  };
}

function assertProductionSecret(secretKey: string) {
  if (KNOWN_PLACEHOLDER_KEYS.has(secretKey)) {
    throw new Error(
      'Invalid configuration: SECRET_KEY is the public development key; set SECRET_KEY to a long random value (for example `openssl rand -base64 48`) before starting with NODE_ENV=production.',
    );
  }
  if (Buffer.byteLength(secretKey) < MIN_PRODUCTION_SECRET_KEY_LENGTH) {
    throw new Error(
      `Invalid configuration: SECRET_KEY is shorter than ${MIN_PRODUCTION_SECRET_KEY_LENGTH} bytes; set SECRET_KEY to a long random value (for example \`openssl rand -base64 48\`) before starting with NODE_ENV=production.`,
    );
  }
}

/**
 * The default task queue: `turnproof-{database name}`. A worker of one checkout then never picks up the
 * runs of another checkout (another database) on the same Temporal server.
 */
export function taskQueueFor(databaseUrl: string): string {
  const database = decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, '')) || 'postgres';
  return `turnproof-${database}`;
}
