import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ACCOUNT_REQUESTS, AUTH, CATALOG, NOTIFICATIONS, ORDERS, WALLET } from '@shopdesk/shared/constants';
import { MALL } from '@shopdesk/shared/mall/schemas';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

function int(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new Error(`${name} must be a number, got "${raw}"`);
  return value;
}

function bool(name: string, fallback: boolean): boolean {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(raw.toLowerCase());
}

export interface AppConfig {
  port: number;
  host: string;
  /** PostgreSQL server; when empty the embedded PGlite under dataDir is used. */
  databaseUrl: string | null;
  dataDir: string;
  /**
   * Let V8 recompile the embedded database's WebAssembly with its optimizing tier (off: baseline
   * code only, which starts faster and holds less memory; docs/decisions.md, "PGlite as baseline code").
   */
  pgliteOptimizingTier: boolean;
  webDistDir: string;
  seedDemo: boolean;
  logLevel: string;
  customerServiceUrl: string;
  loginSlowdownStepMs: number;
  sessionTtlMs: number;
  sessionTtlRememberMs: number;
  /** How long a looked-up session is kept in memory (0: none) and how many at most (docs/decisions.md, "Session cache"). */
  sessionCacheMs: number;
  sessionCacheMax: number;
  /** Where payment screenshots are kept: outside the web root, never served statically. */
  uploadsDir: string;
  /** The platform's USDT deposit address per network. */
  depositAddresses: Record<string, string>;
  /** Withdrawal limits and fee (SPEC §5 gives two readings; docs/decisions.md, "Withdrawal policy"). */
  withdrawPolicy: { minCents: number; maxCents: number; feeBp: number };
  /** Hours an order's settlement is held after signing before it may be withdrawn (SETTLEMENT_HOLD_HOURS; 0: none). */
  settlementHoldHours: number;
  /** Hours a newly saved withdrawal address waits before a withdrawal may go to it (WITHDRAWAL_ADDRESS_COOLDOWN_HOURS; 0: none). */
  withdrawalAddressCooldownHours: number;
  /** Hours a seller has to purchase the stock of a paid order (PURCHASE_DEADLINE_HOURS). */
  purchaseDeadlineHours: number;
  /** Products on sale a shop needs before it may recommend (SPEC §5 says 10; one text says 1). */
  recommendMinOnSale: number;
  /** The platform carrier's credential for POST /api/carrier/update (header x-carrier-key). */
  carrierKey: string;
  /** True when CARRIER_KEY was not set and a random key was made for this process. */
  carrierKeyGenerated: boolean;
  /** How often server.ts runs the overtime job; 0 turns it off. Tests never start it. */
  overtimeJobIntervalMs: number;
  /** How often the demo's built-in carrier moves purchased orders on; 0 turns it off. */
  demoCarrierIntervalMs: number;
  buyerSessionTtlMs: number;
  /** Redis for the event bus across instances (pub/sub) and the rate-limit counters; null runs an in-process bus (one instance). */
  redisUrl: string | null;
  /** The general rate limit (plugins/rate-limit.ts): requests per window per address and per session token; 0 turns one off. */
  rateLimitWindowMs: number;
  rateLimitPerAddress: number;
  rateLimitPerSession: number;
  /** Hosts (lower case) whose https pictures a review may show (REVIEW_IMAGE_HOSTS, comma-separated); inline and our own images are always allowed. */
  reviewImageHosts: string[];
  /** A mall viewer counts one exposure per package in this many minutes (EXPOSURE_WINDOW_MINUTES, at least 1). */
  exposureWindowMinutes: number;
  /** Deposit requests one shop may have pending at once (PENDING_DEPOSITS_PER_SHOP); each holds a stored screenshot. */
  pendingDepositsPerShop: number;
  /** Uploads (screenshots, logos) per user and per shop in each window (UPLOADS_PER_USER, UPLOADS_PER_SHOP, UPLOAD_WINDOW_MS); 0 turns one off. */
  uploadLimits: { perUser: number; perShop: number; windowMs: number };
  /** Prefix of the rate-limit counters in Redis (RATE_LIMIT_NAMESPACE): marketplaces sharing one Redis keep their counts apart. */
  rateLimitNamespace: string;
  /** How often an open notification stream gets a `: hb` comment line. */
  sseHeartbeatMs: number;
  /** What the couple bonuses count: each partner's own top-up since the link, or the pair's combined (COUPLE_REWARD_BASIS; docs/decisions.md, "Couple linking"). */
  coupleRewardBasis: 'own' | 'combined';
  /** Strict-Transport-Security max-age in seconds (HSTS_MAX_AGE); 0, the default, sends no HSTS header. */
  hstsMaxAge: number;
  /**
   * TLS_CERT_FILE and TLS_KEY_FILE (PEM): the server itself speaks HTTPS, HTTP/2 with HTTP/1.1 for
   * older clients; null (the default) is plain HTTP/1.1, for a proxy that terminates TLS.
   */
  tls: { certFile: string; keyFile: string } | null;
  /**
   * SMTP_URL (e.g. smtp://user:pass@mail.example:587): approved password-reset links are emailed
   * to the seller's address on file; null (the default) shows the link to the operator to hand over.
   */
  smtpUrl: string | null;
  /**
   * Password-reset requests and registrations one address may send per failure window before each
   * further one waits (RESET_REQUESTS_PER_ADDRESS, REGISTRATIONS_PER_ADDRESS); 0 turns one off.
   */
  accountRequestLimits: { resetRequestsPerAddress: number; registrationsPerAddress: number };
  /** The sender of those emails (MAIL_FROM). */
  mailFrom: string;
  /**
   * PUBLIC_URL: the address sellers open the app at, for the links in reset emails and approvals;
   * null takes it from the operator's request (its Host, and X-Forwarded-Proto behind a proxy).
   */
  publicUrl: string | null;
  /** TRUST_PROXY: the client address and the request id are taken from the proxy's headers (only behind a proxy that sets them). */
  trustProxy: boolean;
  /** The header a trusted proxy names the request id in (REQUEST_ID_HEADER); answers always carry X-Request-Id. */
  requestIdHeader: string;
  /** METRICS_TOKEN: GET /metrics answers Prometheus figures to `Authorization: Bearer <token>`; null turns metrics off. */
  metricsToken: string | null;
  /** ROLE: `web` serves requests and runs no jobs, `worker` runs the jobs and answers only health and metrics, `both` does all. */
  role: 'web' | 'worker' | 'both';
  /** SHUTDOWN_TIMEOUT_MS: how long a stop waits for requests and jobs in flight before it ends them. */
  shutdownTimeoutMs: number;
  /** SHUTDOWN_DELAY_MS: how long a stop keeps serving while reporting not-ready, so a proxy stops sending first. */
  shutdownDelayMs: number;
}

export const DEFAULT_DEPOSIT_ADDRESSES: Record<string, string> = {
  TRC20: 'TQ7z1Y3mDemoPlatformTrc20Address8xK2',
  ERC20: '0x5dF3b2C1a9E8D7f6B5a4C3e2D1f0A9b8C7d6E5f4',
  BEP20: '0x8aB7c6D5e4F3a2B1c0D9e8F7a6B5c4D3e2F1a0B9',
};

function depositAddresses(): Record<string, string> {
  const raw = process.env.DEPOSIT_ADDRESSES;
  if (!raw) return DEFAULT_DEPOSIT_ADDRESSES;
  const parsed = JSON.parse(raw) as Record<string, string>;
  return Object.fromEntries(Object.entries(parsed).filter(([network]) => (WALLET.NETWORKS as readonly string[]).includes(network)));
}

function coupleRewardBasis(): 'own' | 'combined' {
  const raw = process.env.COUPLE_REWARD_BASIS || 'own';
  if (raw !== 'own' && raw !== 'combined') throw new Error(`COUPLE_REWARD_BASIS must be "own" or "combined", got "${raw}"`);
  return raw;
}

function role(): AppConfig['role'] {
  const raw = process.env.ROLE || 'both';
  if (raw !== 'web' && raw !== 'worker' && raw !== 'both') throw new Error(`ROLE must be "web", "worker" or "both", got "${raw}"`);
  return raw;
}

function tlsFiles(): AppConfig['tls'] {
  const certFile = process.env.TLS_CERT_FILE || '';
  const keyFile = process.env.TLS_KEY_FILE || '';
  if (!certFile && !keyFile) return null;
  if (!certFile || !keyFile) throw new Error('TLS_CERT_FILE and TLS_KEY_FILE go together: set both (HTTPS with HTTP/2) or neither (plain HTTP)');
  return { certFile: path.resolve(certFile), keyFile: path.resolve(keyFile) };
}

export function loadConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const seedDemo = overrides.seedDemo ?? bool('SEED_DEMO', true);
  const carrierKey = process.env.CARRIER_KEY || '';
  return {
    port: int('PORT', 3000),
    host: process.env.HOST ?? '0.0.0.0',
    databaseUrl: process.env.DATABASE_URL || null,
    dataDir: path.resolve(process.env.DATA_DIR ?? path.join(repoRoot, 'data')),
    pgliteOptimizingTier: bool('PGLITE_OPTIMIZING_TIER', false),
    webDistDir: path.resolve(process.env.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    seedDemo,
    logLevel: process.env.LOG_LEVEL ?? 'info',
    customerServiceUrl: process.env.CUSTOMER_SERVICE_URL ?? '/support-chat.html',
    loginSlowdownStepMs: int('LOGIN_SLOWDOWN_STEP_MS', AUTH.LOGIN_SLOWDOWN_STEP_MS),
    sessionTtlMs: int('SESSION_TTL_MS', AUTH.SESSION_TTL_MS),
    sessionTtlRememberMs: int('SESSION_TTL_REMEMBER_MS', AUTH.SESSION_TTL_REMEMBER_MS),
    // No answer from memory rests on a database read older than this: every instance refuses a revoked
    // session within it even if a bus message is lost (sessions in use are read again in the background).
    sessionCacheMs: int('SESSION_CACHE_MS', 1_000),
    sessionCacheMax: int('SESSION_CACHE_MAX', 10_000),
    uploadsDir: path.resolve(process.env.UPLOADS_DIR ?? path.join(process.env.DATA_DIR ?? path.join(repoRoot, 'data'), 'uploads')),
    depositAddresses: depositAddresses(),
    withdrawPolicy: {
      minCents: int('WITHDRAW_MIN_CENTS', WALLET.WITHDRAW_MIN_CENTS),
      maxCents: int('WITHDRAW_MAX_CENTS', WALLET.WITHDRAW_MAX_CENTS),
      feeBp: int('WITHDRAW_FEE_BP', WALLET.WITHDRAW_FEE_BP),
    },
    purchaseDeadlineHours: int('PURCHASE_DEADLINE_HOURS', ORDERS.PURCHASE_DEADLINE_HOURS),
    settlementHoldHours: int('SETTLEMENT_HOLD_HOURS', WALLET.SETTLEMENT_HOLD_HOURS),
    withdrawalAddressCooldownHours: int('WITHDRAWAL_ADDRESS_COOLDOWN_HOURS', WALLET.ADDRESS_COOLDOWN_HOURS),
    recommendMinOnSale: int('RECOMMEND_MIN_ON_SALE', CATALOG.RECOMMEND_MIN_ON_SALE),
    carrierKey: carrierKey || randomBytes(18).toString('base64url'),
    carrierKeyGenerated: !carrierKey,
    overtimeJobIntervalMs: int('OVERTIME_JOB_INTERVAL_MS', 60_000),
    demoCarrierIntervalMs: int('DEMO_CARRIER_INTERVAL_MS', seedDemo ? 20_000 : 0),
    buyerSessionTtlMs: int('BUYER_SESSION_TTL_MS', AUTH.SESSION_TTL_MS),
    redisUrl: process.env.REDIS_URL || null,
    rateLimitWindowMs: int('RATE_LIMIT_WINDOW_MS', 60_000),
    rateLimitPerAddress: int('RATE_LIMIT_PER_ADDRESS', 3000),
    rateLimitPerSession: int('RATE_LIMIT_PER_SESSION', 1200),
    reviewImageHosts: (process.env.REVIEW_IMAGE_HOSTS ?? '')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    exposureWindowMinutes: Math.max(1, int('EXPOSURE_WINDOW_MINUTES', MALL.EXPOSURE_WINDOW_MINUTES)),
    pendingDepositsPerShop: int('PENDING_DEPOSITS_PER_SHOP', WALLET.PENDING_DEPOSITS_MAX),
    uploadLimits: {
      perUser: int('UPLOADS_PER_USER', WALLET.UPLOADS_PER_USER),
      perShop: int('UPLOADS_PER_SHOP', WALLET.UPLOADS_PER_SHOP),
      windowMs: int('UPLOAD_WINDOW_MS', WALLET.UPLOAD_WINDOW_MS),
    },
    rateLimitNamespace: process.env.RATE_LIMIT_NAMESPACE || 'shopdesk-rl:',
    sseHeartbeatMs: int('SSE_HEARTBEAT_MS', NOTIFICATIONS.HEARTBEAT_MS),
    coupleRewardBasis: coupleRewardBasis(),
    hstsMaxAge: int('HSTS_MAX_AGE', 0),
    tls: tlsFiles(),
    smtpUrl: process.env.SMTP_URL || null,
    accountRequestLimits: {
      resetRequestsPerAddress: int('RESET_REQUESTS_PER_ADDRESS', ACCOUNT_REQUESTS.RESET_REQUESTS_FREE_PER_ADDRESS),
      registrationsPerAddress: int('REGISTRATIONS_PER_ADDRESS', ACCOUNT_REQUESTS.REGISTRATIONS_FREE_PER_ADDRESS),
    },
    mailFrom: process.env.MAIL_FROM || 'ShopDesk <no-reply@shopdesk.local>',
    publicUrl: process.env.PUBLIC_URL ? process.env.PUBLIC_URL.replace(/\/+$/, '') : null,
    trustProxy: bool('TRUST_PROXY', false),
    requestIdHeader: process.env.REQUEST_ID_HEADER || 'x-request-id',
    metricsToken: process.env.METRICS_TOKEN || null,
    role: role(),
    shutdownTimeoutMs: int('SHUTDOWN_TIMEOUT_MS', 10_000),
    shutdownDelayMs: int('SHUTDOWN_DELAY_MS', 0),
    ...overrides,
  };
}
