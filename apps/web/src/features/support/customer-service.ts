/** The chat link of SPEC §1: the configured URL with shopId, shopName and userId added. */
export function customerServiceLink(baseUrl: string, who: { shopId: string; shopName: string; userId: string }, origin: string): string {
  const url = new URL(baseUrl, origin);
  url.searchParams.set('shopId', who.shopId);
  url.searchParams.set('shopName', who.shopName);
  url.searchParams.set('userId', who.userId);
  return url.toString();
}
