import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isEmbeddedDatabaseLost } from './connection-errors.ts';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('which database failures answer 503', () => {
  it('counts lost and refused connections, server shutdowns and full connection tables, through drizzle’s wrapping', () => {
    for (const error of [
      withCode('ECONNREFUSED'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('53300', 'sorry, too many clients already'),
      withCode('08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('timeout expired'),
      new Error('PGlite is closed'),
      new Error('Failed query: select 1', { cause: withCode('ECONNRESET') }),
      new AggregateError([withCode('ECONNREFUSED')]),
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    }
  });

  it('leaves refusals of the request itself (constraint, bad input, syntax) alone', () => {
    for (const error of [withCode('23505', 'duplicate key'), withCode('22P02'), withCode('42601'), new Error('boom'), null, 'text']) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });

  it('tells an embedded database that cannot come back in this process', () => {
    expect(isEmbeddedDatabaseLost(new WebAssembly.RuntimeError('unreachable'))).toBe(true);
    expect(isEmbeddedDatabaseLost(new Error('Aborted(). Build with -sASSERTIONS for more info.'))).toBe(true);
    expect(isEmbeddedDatabaseLost(withCode('23505'))).toBe(false);
  });
});
