import { useState } from 'react';
import { SHOP } from '@shopdesk/shared/constants';
import { errorText } from '../../../lib/http.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { useSendAppeal, useShopAppeal } from '../api/wallet-api.ts';

/**
 * The appeal under a frozen shop's notice, on both devices: the latest appeal's state (waiting, or
 * the operator's answer) and, unless one waits, a text to send. The text is required and at most
 * SHOP.APPEAL_TEXT_MAX characters; the server refuses an appeal while one is open or once unfrozen.
 */
export function useAppealForm(frozen: boolean) {
  const f = useFormat('wallet');
  const { t } = f;
  const state = useShopAppeal(frozen);
  const send = useSendAppeal();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const appeal = state.data?.appeal ?? null;
  const waiting = appeal?.status === 'open';

  const submit = () => {
    const value = text.trim();
    if (!value) {
      setInvalid(true);
      return;
    }
    send.mutate(value, { onSuccess: () => setText('') });
  };

  return {
    /** Nothing to show: the shop is not frozen, or its appeal state has not arrived. */
    hidden: !frozen || !state.data,
    title: t('appeal.title'),
    status: waiting
      ? t('appeal.waiting', { date: f.dateTime(appeal.createTime) })
      : appeal?.status === 'answered'
        ? t('appeal.answered', { answer: appeal.answer, date: f.dateTime(appeal.answerTime) })
        : null,
    canSend: !waiting,
    text,
    max: SHOP.APPEAL_TEXT_MAX,
    placeholder: t('appeal.placeholder'),
    onChange: (value: string) => {
      setText(value);
      if (value.trim()) setInvalid(false);
    },
    error: invalid ? t('appeal.required') : send.isError ? errorText(send.error, t('common:http.requestFailed')) : null,
    submitText: t('appeal.send'),
    sending: send.isPending,
    submit,
  };
}
