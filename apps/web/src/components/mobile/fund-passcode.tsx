import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTH } from '@shopdesk/shared/constants';
import type { MoneyFailure, MoneyResult } from '../../lib/money-action.ts';
import { AccessiblePasscodeInput } from './passcode-input.tsx';

const FUND_LENGTH = AUTH.FUND_PASSWORD_LENGTH;

/** What a phone money sheet confirmed with the 6-digit fund password needs of its flow hook. */
interface PasscodeAction<A> {
  pending: boolean;
  failure: MoneyFailure | null;
  reset: () => void;
  submit: (fundPassword: string) => Promise<MoneyResult<A> | null | undefined>;
}

interface PasscodeOptions<A> {
  onClose: () => void;
  /** The answer arrived: say so (a toast); the sheet then forgets it and closes. */
  onSuccess: (answer: A) => void;
  /** Runs after the sheet closed on a success (refresh a selection). */
  onDone?: () => void;
  /** The flow can be paid now (false: a filled passcode is not sent). */
  ready?: boolean;
}

/**
 * The passcode of a phone money sheet (the twin of desktop's useFundPasswordForm): what is typed
 * (digits only), `close` (refused while in flight; forgets the answer, the code and the error),
 * `submit` (a full code, one at a time; a refused fund password is cleared and shown at the
 * passcode until the seller types again, other failures are the flow's to show).
 */
export function useFundPasscode<A>(action: PasscodeAction<A>, { onClose, onSuccess, onDone, ready = true }: PasscodeOptions<A>) {
  const [code, setCode] = useState('');
  const [fundError, setFundError] = useState<string | null>(null);
  const { failure } = action;

  const close = () => {
    if (action.pending) return;
    action.reset();
    setCode('');
    setFundError(null);
    onClose();
  };

  const submit = async (fundPassword: string) => {
    if (fundPassword.length !== FUND_LENGTH || action.pending || !ready) return;
    setFundError(null);
    const result = await action.submit(fundPassword);
    if (!result) return;
    setCode('');
    if (!result.ok) {
      if (result.failure.kind === 'fundPassword') setFundError(result.failure.text);
      return;
    }
    onSuccess(result.answer);
    action.reset();
    onClose();
    onDone?.();
  };

  const typed = (value: string) => {
    setCode(value.replace(/\D/g, ''));
    if (value) setFundError(null);
  };

  return {
    code,
    /** The code has every digit. */
    full: code.length === FUND_LENGTH,
    fundError,
    /** A refusal other than the fund password's (shown under the passcode). */
    otherFailure: failure && failure.kind !== 'fundPassword' ? failure : null,
    typed,
    close,
    submit,
  };
}

/**
 * The passcode and the line under it: the refused fund password, another failure, or the hint.
 * `<classPrefix>-pass|error|hint` style it; `<testIdPrefix>-passcode|fund-error|error` find it.
 */
export function MobileFundPasscode({
  passcode,
  hint,
  classPrefix,
  testIdPrefix,
}: {
  passcode: ReturnType<typeof useFundPasscode<unknown>>;
  hint: ReactNode;
  classPrefix: string;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  const { code, fundError, otherFailure } = passcode;
  return (
    <>
      <div className={`${classPrefix}-pass`}>
        <AccessiblePasscodeInput
          label={t('fundPassword')}
          length={FUND_LENGTH}
          value={code}
          onChange={passcode.typed}
          onFill={(v) => void passcode.submit(v)}
          error={fundError !== null}
          data-testid={`${testIdPrefix}-passcode`}
        />
      </div>
      {fundError !== null ? (
        <div className={`${classPrefix}-error`} role="alert" data-testid={`${testIdPrefix}-fund-error`}>
          {fundError}
        </div>
      ) : otherFailure ? (
        <div className={`${classPrefix}-error`} role="alert" data-testid={`${testIdPrefix}-error`}>
          {otherFailure.text}
        </div>
      ) : (
        <div className={`${classPrefix}-hint`}>{hint}</div>
      )}
    </>
  );
}
