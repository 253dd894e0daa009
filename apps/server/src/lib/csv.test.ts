import { describe, expect, it } from 'vitest';
import { toCsv } from '@shopdesk/shared/csv';
import { csvExport, csvTime } from './csv.ts';

describe('csvTime', () => {
  it("writes the seller's local time with its offset", () => {
    expect(csvTime('2026-11-23T08:04:05.000Z', 420)).toBe('2026-11-23 15:04:05 +07:00');
    expect(csvTime('2026-11-23T02:00:00.000Z', -330)).toBe('2026-11-22 20:30:00 -05:30');
    expect(csvTime(new Date('2026-01-01T00:00:00Z'), 0)).toBe('2026-01-01 00:00:00 +00:00');
  });

  it('leaves no time empty, and nothing crashes on odd input', () => {
    expect(csvTime(null, 60)).toBe('');
    expect(csvTime(undefined, 60)).toBe('');
    expect(csvTime('not a time', 60)).toBe('');
  });
});

describe('csvExport', () => {
  const rows = [{ id: 'SD1', status: 'paid', at: '2026-11-23T08:04:05.000Z' }, { id: '=cmd', status: 'mystery', at: null }];
  const build = (lang: 'en-US' | 'th-TH') =>
    csvExport({ lang, tzOffset: 420 }, rows, ({ h, time, word }) => [
      [h.orderId, (r) => r.id],
      [h.paymentStatus, (r) => word('paymentStatus', r.status)],
      [h.createTime, (r) => time(r.at)],
    ]);

  it('names headers and values in the reader\'s language, with a BOM and CRLF lines', () => {
    expect(build('en-US')).toBe('\uFEFFOrder ID,Payment status,Created\r\nSD1,Paid,2026-11-23 15:04:05 +07:00\r\n\'=cmd,mystery,\r\n');
    const thai = build('th-TH');
    expect(thai.startsWith('\uFEFF')).toBe(true);
    expect(thai).not.toContain('Order ID');
    expect(thai).not.toContain(',Paid,');
  });

  it('quotes what needs quoting', () => {
    expect(toCsv(['a'], [['x,"y"']])).toBe('\uFEFFa\r\n"x,""y"""\r\n');
  });
});
