/**
 * `npm run ops -- <command>`: the platform operator's console over the operator API of a running
 * server (OPS_URL, default http://localhost:3000; OPS_USER / OPS_PASSWORD, default the demo operator).
 *
 *   deposits [status]                     list deposits (default pending)
 *   deposit approve|reject <id> [reason]  decide a deposit
 *   buyer-deposits [status]               list mall buyers' deposits (default pending)
 *   buyer-deposit approve|reject <id> [reason]   decide a buyer's deposit (credits the buyer's wallet)
 *   withdrawals [status]                  list withdrawals (default pending)
 *   withdrawal approve|process|complete|fail|reject <id> [remark]
 *   freeze <shopId> [reason] | unfreeze <shopId> | credit <shopId> <score>
 *   reconcile                             check the ledger invariants
 *   overtime                              run the overtime purchase job now
 *   carrier                               run the demo carrier once now
 *   packages [shopId]                     promotion packages sold (newest first)
 *   resets [pending|approved|used|expired|rejected]   password reset requests (default pending)
 *   reset approve <id>                    approve: prints the one-time link to hand over (unless it was emailed)
 *   reset reject <id> [reason]
 *   registrations [pending|approved|rejected]          shops registered from the login page (default pending)
 *   registration approve|reject <shopId> [reason]
 * The second factor: OPS_TOTP_CODE, or OPS_TOTP_SECRET to compute it (default: the demo operator's
 * key when OPS_USER is not set), or the code is asked on the terminal.
 *
 *   bootstrap                             the first super admin of a new deployment: OPS_USER / OPS_PASSWORD
 *                                         (opens the database itself: with the embedded one, stop the server first)
 */
import { createInterface } from 'node:readline/promises';
import { generate } from 'otplib';
import { plainPasswordSchema, usernameSchema } from '@shopdesk/shared/auth/schemas';
import { DEMO, TWO_FACTOR } from '@shopdesk/shared/constants';

const baseUrl = (process.env.OPS_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, '');

async function api(method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...(token ? { authToken: token } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const json = (await response.json()) as { code: number; msg: string; data: unknown };
  if (json.code !== 0) throw new Error(`${method} ${path}: ${response.status} ${json.msg}`);
  return json.data;
}

/**
 * The second factor's code: OPS_TOTP_CODE, else computed from OPS_TOTP_SECRET (the demo operator's
 * key when OPS_USER is not set), else asked on the terminal. `ahead` steps later: a code accepted
 * once is refused after, so a command run again within the same 30 s uses the next one.
 */
async function secondFactorCode(ahead: number): Promise<string> {
  if (process.env.OPS_TOTP_CODE) return process.env.OPS_TOTP_CODE;
  const secret = process.env.OPS_TOTP_SECRET ?? (process.env.OPS_USER ? undefined : DEMO.OPERATOR_TOTP_SECRET);
  if (secret) return generate({ secret, epoch: Math.floor(Date.now() / 1000) + ahead * TWO_FACTOR.PERIOD_SECONDS });
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return (await rl.question('Authenticator code (or a recovery code): ')).trim();
  } finally {
    rl.close();
  }
}

/** The password, then the second factor (an operator without one enrols it in the console at /ops/login first). */
async function login(): Promise<string> {
  const username = process.env.OPS_USER ?? 'operator';
  const password = Buffer.from(process.env.OPS_PASSWORD ?? 'operator123').toString('base64');
  const first = (await api('POST', '/api/ops/login', undefined, { username, password })) as { step: 'enrol' | 'code'; challenge: string };
  if (first.step === 'enrol') throw new Error('this operator has no second factor yet: sign in at /ops/login once to enrol it');
  for (let ahead = 0; ; ahead += 1) {
    try {
      const data = (await api('POST', '/api/ops/login/verify', undefined, { challenge: first.challenge, code: await secondFactorCode(ahead) })) as { token: string };
      return data.token;
    } catch (error) {
      // A computed code may have been used by the previous command: the next step's is accepted once too.
      if (ahead >= 1 || process.env.OPS_TOTP_CODE || !(process.env.OPS_TOTP_SECRET ?? !process.env.OPS_USER)) throw error;
    }
  }
}

const usage = () => {
  console.log('usage: npm run ops -- deposits [status] | deposit approve|reject <id> [reason] | withdrawals [status] |');
  console.log('       buyer-deposits [status] | buyer-deposit approve|reject <id> [reason] |');
  console.log('       withdrawal approve|process|complete|fail|reject <id> [remark] | freeze <shopId> [reason] | unfreeze <shopId> |');
  console.log('       credit <shopId> <score> | reconcile | overtime | carrier | packages [shopId] |');
  console.log('       couples [pending|linked|declined|expired] | rewards |');
  console.log('       resets [pending|approved|used|expired|rejected] | reset approve|reject <id> [reason] |');
  console.log('       registrations [pending|approved|rejected] | registration approve|reject <shopId> [reason] |');
  console.log('       bootstrap (the first super admin: OPS_USER / OPS_PASSWORD; opens the database, stop an embedded server first)');
};

/** Each console command signs in, runs, and ends its operator session (POST /api/ops/logout). */
async function main(args: string[]) {
  if (!args[0]) return usage();
  if (args[0] === 'bootstrap') return bootstrap();
  const token = await login();
  try {
    await runCommand(token, args);
  } finally {
    await api('POST', '/api/ops/logout', token).catch(() => undefined);
  }
}

/**
 * Creates the first super admin straight in the database: there is no operator yet to ask the API.
 * Refused once an active super admin exists (the others are added in the console).
 */
async function bootstrap() {
  const username = usernameSchema.parse(process.env.OPS_USER);
  const password = plainPasswordSchema.parse(process.env.OPS_PASSWORD);
  const [{ loadConfig }, { openDatabase }, { bootstrapSuperAdmin }] = await Promise.all([import('../config.ts'), import('../db/client.ts'), import('../modules/ops/operator-service.ts')]);
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? null : config.dataDir });
  try {
    const row = await bootstrapSuperAdmin(database.db, username, password);
    console.log(`super admin "${row.username}" created (id ${row.id}); sign in at /ops/login and enrol the second factor`);
  } catch (error) {
    if (error instanceof Error && error.message === 'CONFLICT') throw new Error('an active super admin exists already: add operators from the console');
    throw error;
  } finally {
    await database.close();
  }
}

async function runCommand(token: string, args: string[]) {
  const [command, a, b, ...rest] = args;
  const print = (data: unknown) => console.log(JSON.stringify(data, null, 2));
  switch (command) {
    case 'deposits':
      return print(await api('GET', `/api/ops/deposits?status=${a ?? 'pending'}`, token));
    case 'buyer-deposits':
      return print(await api('GET', `/api/ops/buyerDeposits?status=${a ?? 'pending'}`, token));
    case 'buyer-deposit':
      return print(await api('POST', `/api/ops/buyerDeposits/${b}/${a}`, token, { reason: rest.join(' ') || undefined }));
    case 'withdrawals':
      return print(await api('GET', `/api/ops/withdrawals?status=${a ?? 'pending'}`, token));
    case 'deposit':
      return print(await api('POST', `/api/ops/deposits/${b}/${a}`, token, { reason: rest.join(' ') || undefined }));
    case 'withdrawal':
      return print(await api('POST', `/api/ops/withdrawals/${b}/${a}`, token, { reason: rest.join(' ') || undefined }));
    case 'freeze':
      return print(await api('POST', `/api/ops/shops/${a}/freeze`, token, { reason: [b, ...rest].filter(Boolean).join(' ') || undefined }));
    case 'unfreeze':
      return print(await api('POST', `/api/ops/shops/${a}/unfreeze`, token, {}));
    case 'credit':
      return print(await api('POST', `/api/ops/shops/${a}/credit`, token, { creditScore: Number(b) }));
    case 'reconcile': {
      const report = (await api('GET', '/api/ops/reconcile', token)) as { ok: boolean };
      print(report);
      process.exitCode = report.ok ? 0 : 1;
      return;
    }
    case 'overtime':
      return print(await api('POST', '/api/ops/jobs/overtime', token, {}));
    case 'carrier':
      return print(await api('POST', '/api/ops/jobs/demoCarrier', token, {}));
    case 'couples':
      return print(await api('GET', `/api/ops/couples${a ? `?status=${a}` : ''}`, token));
    case 'rewards':
      return print(await api('GET', '/api/ops/rewards', token));
    case 'resets':
      return print(await api('GET', `/api/ops/passwordResets?status=${a ?? 'pending'}`, token));
    case 'reset': {
      const row = (await api('POST', `/api/ops/passwordResets/${b}/${a}`, token, { reason: rest.join(' ') || undefined })) as { link?: string | null; delivery?: string | null };
      print(row);
      if (row.link) console.log(`\nHand this one-time link to the seller (it works once, for 30 minutes):\n${row.link}`);
      else if (a === 'approve') console.log('\nThe link was emailed to the address on the account.');
      return;
    }
    case 'registrations':
      return print(await api('GET', `/api/ops/registrations?status=${a ?? 'pending'}`, token));
    case 'registration':
      return print(await api('POST', `/api/ops/registrations/${b}/${a}`, token, { reason: rest.join(' ') || undefined }));
    case 'packages':
      return print(await api('GET', `/api/ops/packages${a ? `?shopId=${Number(a)}` : ''}`, token));
    default:
      usage();
      process.exitCode = 2;
  }
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
