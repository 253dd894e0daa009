/**
 * The per-account login limit holds exactly under a parallel burst from many addresses: each
 * guess's attempt is counted atomically before its password is compared.
 * Runs on PGlite and, with DATABASE_URL, on the PostgreSQL server (where the burst really is parallel).
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { AUTH } from '@shopdesk/shared/constants';
import { rowsOf } from '../../src/lib/sql-text.ts';
import { createSeller, encodePassword, login, useTestApp } from '../helper.ts';

const ctx = useTestApp();

async function compared(kind: string, subject: string): Promise<number> {
  const rows = rowsOf<{ n: string | number }>(await ctx.db.execute(sql`select count(*) as n from auth_attempts where kind = ${kind} and subject = ${subject} and outcome = 'wrong'`));
  return Number(rows[0]?.n ?? 0);
}

describe('per-account login limit under a parallel burst', () => {
  it(`compares exactly ${AUTH.LOGIN_FREE_FAILURES_ACCOUNT} of 30 parallel wrong passwords for one account from 30 addresses`, async () => {
    for (let round = 0; round < 4; round++) {
      const seller = await createSeller(ctx.db);
      const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(ctx.app, seller.username, `wrong-${i}`, false, `10.47.${round}.${i + 1}`)));
      expect(await compared('login', seller.username), `round ${round}`).toBe(AUTH.LOGIN_FREE_FAILURES_ACCOUNT);
      // The guess that reached the limit answers the wait itself; every other one beyond it is refused unchecked.
      expect(answers.filter((a) => a.body.error === 'INVALID_CREDENTIALS')).toHaveLength(AUTH.LOGIN_FREE_FAILURES_ACCOUNT - 1);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(30 - AUTH.LOGIN_FREE_FAILURES_ACCOUNT + 1);
    }
  });

  it('counts one account across the seller and operator logins and the spellings of its name', async () => {
    const seller = await createSeller(ctx.db);
    const spellings = [seller.username, seller.username.toUpperCase(), ` ${seller.username}`, `${seller.username} `];
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: i % 3 === 0 ? '/api/ops/login' : '/api/sellAuth/login',
          remoteAddress: `10.48.0.${i + 1}`,
          payload: { username: spellings[i % spellings.length], password: encodePassword(`wrong-${i}`), rememberMe: false },
        }),
      ),
    );
    const bodies = answers.map((a) => JSON.parse(a.body) as { error?: string });
    const wrong = rowsOf<{ n: string | number }>(
      await ctx.db.execute(sql`select count(*) as n from auth_attempts where kind in ('login', 'operator-login') and lower(trim(subject)) = ${seller.username.toLowerCase()} and outcome = 'wrong'`),
    );
    expect(Number(wrong[0].n)).toBe(AUTH.LOGIN_FREE_FAILURES_ACCOUNT);
    expect(bodies.filter((b) => b.error === 'LOGIN_LOCKED')).toHaveLength(30 - AUTH.LOGIN_FREE_FAILURES_ACCOUNT + 1);
  });
});
