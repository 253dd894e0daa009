import type { StreamTicket } from '@shopdesk/shared/notifications/schemas';
import { http } from '../../../lib/http.ts';

/** A single-use ticket for one stream connection, so the session token never travels in a URL. */
export function fetchStreamTicket(): Promise<StreamTicket> {
  return http.post<StreamTicket>('/sse/ticket', {}, { silent: true });
}
