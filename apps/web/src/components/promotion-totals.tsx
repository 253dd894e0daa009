/** A promotion's result totals as a definition list, the same markup on the desktop drawer and the phone sheet. */
export function PromotionTotals({ totals, testId, className = 'vch-totals' }: { totals: readonly { key: string; label: string; value: string }[]; testId: string; className?: string }) {
  return (
    <dl className={className} data-testid={`${testId}-totals`}>
      {totals.map((item) => (
        <div key={item.key} className="vch-total" data-testid={`${testId}-${item.key}`}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
