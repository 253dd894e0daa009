import { useNow } from '../../../lib/use-now.ts';
import { formatCountdown, secondsLeft } from '../order-helpers.ts';

/** The time left to purchase an order, ticking each second; "overdue" text once it passed. */
export function Countdown({ deadline, overdueText, className }: { deadline: string; overdueText: string; className?: string }) {
  const now = useNow(1000);
  const left = secondsLeft(deadline, now);
  return (
    <span className={`${className ?? ''} ${left === 0 ? 'order-overdue' : 'order-countdown'}`} data-testid="countdown" data-seconds={left}>
      {left === 0 ? overdueText : formatCountdown(left)}
    </span>
  );
}
