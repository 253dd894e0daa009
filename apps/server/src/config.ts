import path from 'node:path';
import { AUTH } from '@shopdesk/shared/constants';

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
  webDistDir: string;
  seedDemo: boolean;
  logLevel: string;
  customerServiceUrl: string;
  loginSlowdownStepMs: number;
  sessionTtlMs: number;
  sessionTtlRememberMs: number;
}

export function loadConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: int('PORT', 3000),
    host: process.env.HOST ?? '0.0.0.0',
    databaseUrl: process.env.DATABASE_URL || null,
    dataDir: path.resolve(process.env.DATA_DIR ?? path.join(repoRoot, 'data')),
    webDistDir: path.resolve(process.env.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    seedDemo: bool('SEED_DEMO', true),
    logLevel: process.env.LOG_LEVEL ?? 'info',
    customerServiceUrl: process.env.CUSTOMER_SERVICE_URL ?? '/support-chat.html',
    loginSlowdownStepMs: int('LOGIN_SLOWDOWN_STEP_MS', AUTH.LOGIN_SLOWDOWN_STEP_MS),
    sessionTtlMs: int('SESSION_TTL_MS', AUTH.SESSION_TTL_MS),
    sessionTtlRememberMs: int('SESSION_TTL_REMEMBER_MS', AUTH.SESSION_TTL_REMEMBER_MS),
    ...overrides,
  };
}
