import { useEffect, useRef, type ReactNode } from 'react';
import { useMallFormat } from './ui.tsx';
import { Icon } from './icons.tsx';

/** A modal dialog on the platform's <dialog> (focus trap, Escape and the backdrop for free). */
export function Dialog({ title, onClose, children, testId, className }: { title: string; onClose: () => void; children: ReactNode; testId?: string; className?: string }) {
  const f = useMallFormat();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog ref={ref} className={className ? `mall-dialog ${className}` : 'mall-dialog'} onClose={onClose} aria-labelledby="mall-dialog-title" data-testid={testId}>
      <div className="mall-dialog-head">
        <h2 id="mall-dialog-title">{title}</h2>
        <button type="button" className="mall-icon-btn" onClick={onClose} aria-label={f.t('state.cancel')}>
          <Icon name="close" size={18} />
        </button>
      </div>
      {children}
    </dialog>
  );
}
