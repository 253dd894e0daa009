/**
 * A small server-sent-events client over fetch for the notification tests: real HTTP against an
 * app listening on port 0, parsing events as a browser's EventSource would.
 */
import type { FastifyInstance } from 'fastify';
import { call } from '../helper.ts';

export interface SseEvent {
  id: string | null;
  data: string;
  /** The event's name (`event: chat`); absent for unnamed events. */
  event?: string;
}

export interface SseStream {
  status: number;
  contentType: string | null;
  events: SseEvent[];
  comments: string[];
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  /** Waits for the n-th event (1-based, counting all so far) for at most `ms`. */
  event(n: number, ms?: number): Promise<SseEvent>;
  /** Waits until `check` holds for at most `ms`. */
  until(check: (s: SseStream) => boolean, ms?: number): Promise<void>;
  close(): void;
}

export async function listen(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address;
}

export async function openStream(base: string, path: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const abort = new AbortController();
  const response = await fetch(`${base}${path}`, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const waiters = new Set<() => void>();
  const stream: SseStream = {
    status: response.status,
    contentType: response.headers.get('content-type'),
    events: [],
    comments: [],
    ended: Promise.resolve(),
    async event(n, ms = 2000) {
      await stream.until((s) => s.events.length >= n, ms);
      return stream.events[n - 1];
    },
    until(check, ms = 2000) {
      if (check(stream)) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(test);
          reject(new Error(`timed out after ${ms} ms; events so far: ${JSON.stringify(stream.events)}`));
        }, ms);
        const test = () => {
          if (!check(stream)) return;
          clearTimeout(timer);
          waiters.delete(test);
          resolve();
        };
        waiters.add(test);
      });
    },
    close: () => abort.abort(),
  };
  stream.ended = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let id: string | null = null;
          let name: string | undefined;
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) stream.comments.push(line.slice(1).trim());
            else if (line.startsWith('id:')) id = line.slice(3).trim();
            else if (line.startsWith('event:')) name = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
          }
          if (data.length > 0) stream.events.push(name ? { id, data: data.join('\n'), event: name } : { id, data: data.join('\n') });
          for (const w of [...waiters]) w();
        }
      }
    } catch (error) {
      if ((error as Error).name !== 'AbortError') throw error;
    }
  })();
  return stream;
}

/** POST /api/sse/ticket for a seller token. */
export async function ticketFor(app: FastifyInstance, token: string): Promise<string> {
  const { status, body } = await call(app, 'POST', '/api/sse/ticket', { token });
  if (status !== 200) throw new Error(`ticket failed: ${JSON.stringify(body)}`);
  return body.data.ticket;
}

export const messagesOf = (event: SseEvent) => JSON.parse(event.data) as { id: number; title: number; content: number; createdAt: string; unread: boolean; orderId: string | null }[];
