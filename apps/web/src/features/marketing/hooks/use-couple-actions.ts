import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CoupleRequest } from '@shopdesk/shared/marketing/rewards-schemas';
import { errorText } from '../../../lib/http.ts';
import { notify } from '../../../lib/notifier.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { applyForCouple } from '../api/couple-apply.ts';
import { respondToCouple } from '../api/couple-respond.ts';
import { rewardKeys } from '../api/rewards-keys.ts';
import { parseShopId } from './rewards-progress.ts';

/**
 * Couple linking (SPEC §4) for the desktop and the phone alike: apply with a partner's shop id,
 * agree to or decline a request, the outcome as a message and the activities refreshed. The
 * pages ask for confirmation with their own kit, with the texts given here.
 */
export function useCoupleActions() {
  const { t } = useFormat('activity');
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: rewardKeys.all });
  const fail = (error: unknown) => notify.error(errorText(error, t('common:http.requestFailed')));

  const apply = useMutation({
    mutationFn: (shopId: number) => applyForCouple(shopId),
    onSuccess: (answer) => notify.success(answer.link ? t('couple.agreed', { name: answer.link.partner.shopName }) : t('couple.applied')),
    onError: fail,
    onSettled: refresh,
  });

  const respond = useMutation({
    mutationFn: (input: { request: CoupleRequest; accept: boolean }) => respondToCouple(input.request.requestId, input.accept),
    onSuccess: (answer, input) => notify.success(input.accept ? t('couple.agreed', { name: answer.request.from.shopName }) : t('couple.declined')),
    onError: fail,
    onSettled: refresh,
  });

  /** Validates the typed id; answers the request's promise, or null (with the message shown) when the id is not one. */
  const applyTo = async (input: string) => {
    const shopId = parseShopId(input);
    if (shopId === null) {
      notify.error(t('couple.shopIdInvalid'));
      return null;
    }
    return apply.mutateAsync(shopId).catch(() => null);
  };

  const respondTo = (request: CoupleRequest, accept: boolean) => respond.mutateAsync({ request, accept }).catch(() => null);

  /** The confirmation texts of an answer (agreeing is for good). */
  const confirmOf = (request: CoupleRequest, accept: boolean) => ({
    title: accept ? t('couple.agree') : t('couple.decline'),
    content: t(accept ? 'couple.agreeConfirm' : 'couple.declineConfirm', { name: request.from.shopName, id: request.from.shopId }),
    okText: accept ? t('couple.agree') : t('couple.decline'),
    cancelText: t('common:actions.cancel'),
  });

  return { applyTo, respondTo, confirmOf, applying: apply.isPending, responding: respond.isPending ? respond.variables : null };
}
