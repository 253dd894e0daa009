/** What is left of a deal's window at `now`, as hours, minutes and seconds (0 once it has ended). */
export function countdownParts(endsAt: string, now: number): { ended: boolean; hours: number; minutes: number; seconds: number } {
  const left = Math.max(0, Math.floor((new Date(endsAt).getTime() - now) / 1000));
  return { ended: left === 0, hours: Math.floor(left / 3600), minutes: Math.floor((left % 3600) / 60), seconds: left % 60 };
}

/** "05:04:03": hours (as many digits as needed), minutes and seconds. */
export function countdownText(parts: { hours: number; minutes: number; seconds: number }): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(parts.hours)}:${two(parts.minutes)}:${two(parts.seconds)}`;
}
