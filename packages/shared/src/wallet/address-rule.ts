/**
 * Wallet addresses as people type them (a seller's withdrawal address, a buyer's sending address),
 * kept apart from the schemas so the mall checks them without bringing zod to the phone.
 */

/** A withdrawal address, trimmed: the server refuses shorter or longer ones. */
export const WALLET_ADDRESS_LENGTH = { MIN: 10, MAX: 120 } as const;

export type WithdrawAddressIssue = 'required' | 'invalid';
export type WithdrawAddressCheck = { ok: true; address: string } | { ok: false; issue: WithdrawAddressIssue };

/**
 * The one rule for a wallet address as it is typed, on the desktop, the phone and in the mall:
 * blanks around it are dropped (a pasted line break), a blank inside it is refused (a pasted
 * address cut in two is not silently glued together), and its trimmed length is
 * WALLET_ADDRESS_LENGTH. Answers the address to send, or why not.
 */
export function checkWithdrawAddress(input: unknown): WithdrawAddressCheck {
  const address = typeof input === 'string' ? input.trim() : '';
  if (address === '') return { ok: false, issue: 'required' };
  if (/\s/.test(address) || address.length < WALLET_ADDRESS_LENGTH.MIN || address.length > WALLET_ADDRESS_LENGTH.MAX) return { ok: false, issue: 'invalid' };
  return { ok: true, address };
}
