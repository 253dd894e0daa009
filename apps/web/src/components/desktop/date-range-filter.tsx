import { DatePicker } from 'antd';
import dayjs from 'dayjs';

const FORMAT = 'YYYY-MM-DD';

/** A from–to date filter whose value lives in the URL as YYYY-MM-DD strings. */
export function DateRangeFilter({ from, to, onChange, testId }: { from?: string; to?: string; onChange: (from?: string, to?: string) => void; testId: string }) {
  return (
    <DatePicker.RangePicker
      value={from && to ? [dayjs(from), dayjs(to)] : null}
      format={FORMAT}
      allowClear
      onChange={(range) => onChange(range?.[0]?.format(FORMAT), range?.[1]?.format(FORMAT))}
      data-testid={testId}
    />
  );
}
