import { z } from 'zod';
import { REPLICA_CHECK_MS } from './db/replicas';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** Every setting CareSlot reads, with its default. Nothing else reads process.env. */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  /** PostgreSQL connection string. Unset: the embedded PGlite database in DATA_DIR. */
  DATABASE_URL: z.string().optional(),
  /**
   * PostgreSQL streaming replicas (comma-separated connection strings) that serve the public reads: search, map view,
   * profiles, slot lists and staff reports (docs/operations.md, decision 115). Needs DATABASE_URL. Unset: all on it.
   */
  DATABASE_REPLICA_URLS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean),
    )
    .refine((urls) => urls.every((u) => /^postgres(ql)?:\/\/\S+$/.test(u)), {
      message: 'must be PostgreSQL connection strings (postgres://user@host:port/database), separated by commas',
    }),
  /** A replica further behind the primary than this is skipped until it catches up. */
  REPLICA_MAX_LAG_MS: z.coerce.number().int().positive().default(5000),
  /**
   * For this long after a caller's write (a signed cookie), their reads go to the primary, so they see what they wrote.
   * At least REPLICA_MAX_LAG_MS plus one second (how often replicas are checked).
   */
  READ_YOUR_WRITES_MS: z.coerce.number().int().positive().default(6000),
  /**
   * Named prepared statements (the search). Set false behind PgBouncer older than 1.21 in transaction mode, which cannot
   * keep them (decision 116).
   */
  DATABASE_PREPARED_STATEMENTS: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => v !== 'false' && v !== '0'),
  /** In-memory PGlite (tests). */
  DATABASE_IN_MEMORY: bool,
  /** Public origin used in e-mailed links. */
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * 32-byte key (64 hex characters) that encrypts bank account numbers at rest. Required in production; in development
   * one is generated once into DATA_DIR.
   */
  DATA_ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal characters (32 bytes), e.g. from `openssl rand -hex 32`')
    .optional(),
  /** Secret for signing access tokens; generated per process when unset outside production. */
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(30),
  /** Real SMTP, e.g. smtp://user:pass@smtp.example.com:587. Unset: the dev mailbox. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('CareSlot <no-reply@careslot.example>'),
  /** Text messages through Twilio's Messages API when all three are set; otherwise the dev outbox (/dev/texts). */
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  /** The sending number (E.164) or a Messaging Service SID (MG…). */
  TWILIO_FROM: z.string().optional(),
  /** Twilio API host override (tests against a local fake). */
  TWILIO_API_URL: z.string().url().default('https://api.twilio.com'),
  /** Multiplies every rate limit (load tests). */
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  /** Run the outbox worker in this process. */
  OUTBOX_WORKER: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  OUTBOX_POLL_MS: z.coerce.number().int().positive().default(1000),
  /** Seed demo accounts and data when the database is empty (never in production). */
  SEED: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /** Where the built web app lives. */
  WEB_DIST: z.string().optional(),
  /** Map tiles shown to browsers. */
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  /** Optional postcodes.io-compatible service for UK postcodes the local table lacks. */
  POSTCODES_IO_URL: z.string().url().optional(),
  /**
   * Redis (redis://host:6379/0) shared by every API process: rate limits, captcha uses and the search memo. Unset: kept
   * in each process's memory, which is right for one process only (docs/operations.md).
   */
  REDIS_URL: z.string().optional(),
  /** Secret that signs ALTCHA captcha challenges; share it between API processes. Unset: random per process. */
  ALTCHA_HMAC_KEY: z.string().min(16).optional(),
  /** Optional language model for the chat assistant (docs/chat.md): an OpenAI-compatible chat-completions URL. */
  CHAT_LLM_URL: z.string().url().optional(),
  CHAT_LLM_MODEL: z.string().optional(),
  CHAT_LLM_API_KEY: z.string().optional(),
  /** How long the model may take before the offline engine answers instead. */
  CHAT_LLM_TIMEOUT_MS: z.coerce.number().int().positive().max(3000).default(3000),
  /** Attribution shown on the map, matching MAP_TILE_URL. */
  MAP_ATTRIBUTION: z.string().default('© OpenStreetMap contributors'),
  /**
   * Take payments through the built-in sandbox gateway (test cards, simulated wallet) where Stripe or
   * PayPal keys are not set. On by default outside production; in production it must be set explicitly.
   */
  SANDBOX_PAYMENTS: z.enum(['true', 'false', '1', '0']).optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Stripe API host override (tests against a local fake). */
  STRIPE_API_URL: z.string().url().optional(),
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  PAYPAL_WEBHOOK_ID: z.string().optional(),
  PAYPAL_API_URL: z.string().url().default('https://api-m.sandbox.paypal.com'),
  /**
   * The platform's fee on each payment, taken from the provider's share (docs/payouts.md): basis points of the amount
   * (500 = 5 %) plus a fixed amount in minor units of the payment's currency, never more than the payment.
   */
  PLATFORM_FEE_BPS: z.coerce.number().int().min(0).max(10000).default(500),
  PLATFORM_FEE_FIXED_MINOR: z.coerce.number().int().min(0).default(0),
  /** Run the payout worker in this process (releases money, pays providers on their schedule, follows payouts). */
  PAYOUT_WORKER: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  PAYOUT_POLL_MS: z.coerce.number().int().positive().default(60000),
  /** How long the sandbox payout rail keeps a payout in transit before it is paid (or fails for the test account). */
  PAYOUT_SANDBOX_DELAY_MS: z.coerce.number().int().min(0).default(60000),
  /** Regulator register endpoints; unset: the sandbox register in the database. */
  GMC_REGISTER_URL: z.string().url().optional(),
  GDC_REGISTER_URL: z.string().url().optional(),
  /**
   * Professional registers (docs/providers-onboarding.md): 'sandbox' answers every lookup from the register table
   * (shipped test entries, or an imported GMC list); 'live' asks the public NPI Registry for NPIs. GMC_REGISTER_URL /
   * GDC_REGISTER_URL, when set, are asked in either mode.
   */
  PROVIDER_REGISTERS: z.enum(['sandbox', 'live']).default('sandbox'),
  NPI_REGISTRY_URL: z.string().url().default('https://npiregistry.cms.hhs.gov/api/'),
  /** How long a register may take before the check is left Unverified ("register unavailable"). */
  REGISTER_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  /** Register lookups (the three verification calls) per client IP per hour. */
  RATE_LIMIT_REGISTER_LOOKUP_PER_IP: z.coerce.number().int().positive().default(60),
  /** Allow the demo sign-in button and demo accounts (never in production). */
  DEMO_MODE: bool,
  /**
   * Proxies in front of the API whose X-Forwarded-For is believed (client IPs feed the rate limits):
   * a hop count ("1"), or addresses/CIDRs ("10.0.0.0/8,127.0.0.1"). Unset: none. "true" trusts every hop.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v): boolean | number | string => {
      if (!v || v === 'false' || v === '0') return false;
      if (v === 'true') return true;
      return /^\d+$/.test(v) ? Number(v) : v;
    }),
  /** Bearer token required by /metrics in production (unset there: /metrics is not served). */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Account rate limits: attempts per window (login 15 min; the others 1 hour), per client IP and per account. */
  RATE_LIMIT_LOGIN_PER_IP: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_LOGIN_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  RATE_LIMIT_REGISTER_PER_IP: z.coerce.number().int().positive().default(5),
  RATE_LIMIT_FORGOT_PASSWORD_PER_IP: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_FORGOT_PASSWORD_PER_ACCOUNT: z.coerce.number().int().positive().default(3),
  RATE_LIMIT_RESEND_VERIFICATION_PER_IP: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_RESEND_VERIFICATION_PER_ACCOUNT: z.coerce.number().int().positive().default(3),
  /**
   * Whether calendar links may reach loopback, link-local and private addresses (docs/calendars.md, "Fetch safety").
   * Unset: yes outside production (tests, a practice server on the same network), never in production; set true for an
   * on-premises install whose calendars live inside its own network.
   */
  CALENDAR_FETCH_ALLOW_PRIVATE: z.enum(['true', 'false', '1', '0']).optional(),
  /** Token refreshes per IP per minute. */
  RATE_LIMIT_REFRESH_PER_IP: z.coerce.number().int().positive().default(60),
});

export type Config = Omit<z.infer<typeof configSchema>, 'SANDBOX_PAYMENTS' | 'CALENDAR_FETCH_ALLOW_PRIVATE'> & {
  isProduction: boolean;
  devMailbox: boolean;
  /** The sandbox gateway may take payments (never silently in production). */
  sandboxPayments: boolean;
  /** Calendar links may reach private addresses (CALENDAR_FETCH_ALLOW_PRIVATE, or outside production when unset). */
  calendarFetchAllowPrivate: boolean;
};

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const c = parsed.data;
  const isProduction = c.NODE_ENV === 'production';
  if (isProduction && !c.JWT_SECRET) throw new Error('JWT_SECRET must be set in production');
  if (isProduction && !c.DATA_ENCRYPTION_KEY)
    throw new Error('DATA_ENCRYPTION_KEY must be set in production (it encrypts bank account numbers)');
  // E-mailed links (verification, password reset, bookings) must never be built from a request's Host header.
  if (isProduction && !c.PUBLIC_URL) throw new Error('PUBLIC_URL must be set in production (the origin used in e-mailed links)');
  if (c.DATABASE_REPLICA_URLS.length > 0 && !c.DATABASE_URL)
    throw new Error('Invalid configuration: DATABASE_REPLICA_URLS needs DATABASE_URL (replicas copy a PostgreSQL primary).');
  if (c.DATABASE_REPLICA_URLS.length > 0 && c.READ_YOUR_WRITES_MS < c.REPLICA_MAX_LAG_MS + REPLICA_CHECK_MS)
    throw new Error(
      `Invalid configuration: READ_YOUR_WRITES_MS (${c.READ_YOUR_WRITES_MS}) must be at least REPLICA_MAX_LAG_MS plus ${REPLICA_CHECK_MS} ` +
        `(${c.REPLICA_MAX_LAG_MS + REPLICA_CHECK_MS}): a replica in use may be that far behind, and someone who just wrote must not read from it before it has their write.`,
    );
  const { SANDBOX_PAYMENTS, CALENDAR_FETCH_ALLOW_PRIVATE, ...rest } = c;
  const calendarFetchAllowPrivate =
    CALENDAR_FETCH_ALLOW_PRIVATE === undefined
      ? !isProduction
      : CALENDAR_FETCH_ALLOW_PRIVATE === 'true' || CALENDAR_FETCH_ALLOW_PRIVATE === '1';
  const sandboxPayments = SANDBOX_PAYMENTS === undefined ? !isProduction : SANDBOX_PAYMENTS === 'true' || SANDBOX_PAYMENTS === '1';
  const cardNeedsSandbox = !(c.STRIPE_SECRET_KEY && c.STRIPE_PUBLISHABLE_KEY);
  const walletNeedsSandbox = !(c.PAYPAL_CLIENT_ID && c.PAYPAL_CLIENT_SECRET);
  if (isProduction && !sandboxPayments && (cardNeedsSandbox || walletNeedsSandbox)) {
    // A production server without real gateways would otherwise hand out bookings for test cards.
    throw new Error(
      'Invalid configuration: in production set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY, and PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET, ' +
        'or SANDBOX_PAYMENTS=true for a demonstration deployment that takes test payments only.',
    );
  }
  // Demo mode is never on in production, whatever DEMO_MODE says.
  return {
    ...rest,
    DEMO_MODE: c.DEMO_MODE && !isProduction,
    isProduction,
    devMailbox: !c.SMTP_URL && !isProduction,
    sandboxPayments,
    calendarFetchAllowPrivate,
  };
}
