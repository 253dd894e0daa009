import { describe, expect, it } from 'vitest';
import { daysBetween, parseReportRange, reportQuery } from './report-range.ts';
import { tzOffsetMinutes } from '../../../lib/time-zone.ts';

const q = (text: string) => new URLSearchParams(text);

describe('finance report range', () => {
  it('is 7 days unless 30 days or a valid range is asked for', () => {
    expect(parseReportRange(q(''))).toEqual({ mode: 'days', days: 7 });
    expect(parseReportRange(q('days=30'))).toEqual({ mode: 'days', days: 30 });
    expect(parseReportRange(q('days=14'))).toEqual({ mode: 'days', days: 7 });
    expect(parseReportRange(q('from=2026-01-01&to=2026-01-31'))).toEqual({ mode: 'custom', from: '2026-01-01', to: '2026-01-31' });
  });

  it('refuses a range longer than the server answers', () => {
    expect(parseReportRange(q('from=2024-01-01&to=2026-01-31'))).toEqual({ mode: 'days', days: 7 });
    expect(daysBetween('2026-01-01', '2026-01-01')).toBe(1);
    expect(daysBetween('2026-01-01', '2026-12-31')).toBe(365);
  });

  it('sends the offset in minutes east of UTC', () => {
    expect(reportQuery({ mode: 'days', days: 30 }, 420)).toEqual({ days: 30, tzOffset: 420 });
    expect(reportQuery({ mode: 'custom', from: '2026-01-01', to: '2026-01-02' }, -300)).toEqual({ from: '2026-01-01', to: '2026-01-02', tzOffset: -300 });
    expect(tzOffsetMinutes(new Date())).toBe(-new Date().getTimezoneOffset());
  });
});
