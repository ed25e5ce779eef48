import { config as loadDotenv } from 'dotenv';
import { z } from 'zod';

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== '' ? value.trim() : undefined));

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_ORIGIN: optionalString,
  DATABASE_URL: z.string().default('postgres://postgres@127.0.0.1:5432/turnproof'),
  TEMPORAL_ADDRESS: z.string().default('127.0.0.1:7233'),
  TEMPORAL_NAMESPACE: z.string().default('default'),
  TEMPORAL_TASK_QUEUE: z.string().default('turnproof'),
  TEMPORAL_UI_PORT: z.coerce.number().int().default(8233),
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('Turnproof <no-reply@turnproof.local>'),
  DATA_DIR: z.string().default('.data'),
  MEDIA_DIR: optionalString,
  SECRET_KEY: z.string().default('dev-only-secret-key-change-me-in-production'),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_BASE: optionalString,
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
  LOG_LEVEL: z.string().default('info'),
  NODE_ENV: z.string().default('development'),
});

export type Config = z.infer<typeof schema> & {
  publicOrigin: string;
  outboxDir: string;
  mediaDir: string;
};

/** Reads the environment (and `.env` when present) once; every process calls this at start. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  if (env === process.env) loadDotenv({ quiet: true });
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  }
  const values = parsed.data;
  return {
    ...values,
    publicOrigin: values.PUBLIC_ORIGIN ?? `http://localhost:${values.PORT}`,
    outboxDir: `${values.DATA_DIR}/outbox`,
    mediaDir: values.MEDIA_DIR ?? `${values.DATA_DIR}/media`,
  };
}
