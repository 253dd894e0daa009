/** A reply time as a label key and its values: under a minute in seconds, under an hour in minutes, under two days in hours and minutes, then in days. */
export function replyTimeParts(seconds: number): { key: 'seconds' | 'minutes' | 'hours' | 'days'; values: Record<string, number> } {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return { key: 'seconds', values: { n: s } };
  if (s < 3600) return { key: 'minutes', values: { n: Math.round(s / 60) } };
  if (s < 48 * 3600) {
    const minutes = Math.round(s / 60);
    return { key: 'hours', values: { h: Math.floor(minutes / 60), m: minutes % 60 } };
  }
  return { key: 'days', values: { n: Math.round(s / 86_400) } };
}
