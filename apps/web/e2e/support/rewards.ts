import { approveDeposit } from './wallet.ts';

/** API helpers of the reward activity browser tests and screenshots. */
export interface SellerLogin {
  token: string;
  shopId: number;
  shopName: string;
}

/** Calls the API and answers `data`, throwing on any refusal; a FormData body goes as multipart. */
export async function apiCall<T>(baseUrl: string, method: 'GET' | 'POST', pathName: string, token: string | null, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.authToken = token;
  let payload: string | FormData | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const response = await fetch(`${baseUrl}/api${pathName}`, { method, headers, body: payload });
  const envelope = (await response.json()) as { code: number; data: T };
  if (!response.ok || envelope.code !== 0) throw new Error(`${method} ${pathName} answered ${response.status}: ${JSON.stringify(envelope)}`);
  return envelope.data;
}

export function sellerLogin(baseUrl: string, user: { username: string; password: string }): Promise<SellerLogin> {
  return apiCall<SellerLogin>(baseUrl, 'POST', '/sellAuth/login', null, { username: user.username, password: Buffer.from(user.password).toString('base64') });
}

const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** Tops a shop up the real way: a deposit request with a screenshot, approved by the operator. */
export async function approvedTopUp(baseUrl: string, token: string, units: number): Promise<void> {
  const form = new FormData();
  form.set('network', 'TRC20');
  form.set('amount', String(units));
  form.set('screenshot', new Blob([TINY_PNG], { type: 'image/png' }), 'paid.png');
  const deposit = await apiCall<{ id: number }>(baseUrl, 'POST', '/wallet/deposit', token, form);
  await approveDeposit(baseUrl, deposit.id);
}
