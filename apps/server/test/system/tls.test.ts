import fs from 'node:fs';
import http2 from 'node:http2';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createSeller, createTestApp, loginToken, type TestContext } from '../helper.ts';
import { selfSignedCertificate } from '../self-signed.ts';
import { ticketFor } from '../notifications/sse-client.ts';

/** TLS_CERT_FILE and TLS_KEY_FILE: the server speaks HTTPS itself, HTTP/2 and HTTP/1.1. */
let ctx: TestContext;
let origin: string;
let token: string;
let userId: number;
let certDir: string;
let session: http2.ClientHttp2Session;

beforeAll(async () => {
  certDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-tls-'));
  const tls = await selfSignedCertificate(certDir);
  ctx = await createTestApp({ tls, sseHeartbeatMs: 200 });
  origin = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const seller = await createSeller(ctx.db);
  userId = seller.userId;
  token = await loginToken(ctx.app, seller.username, seller.password);
  session = http2.connect(origin, { rejectUnauthorized: false });
});
afterAll(async () => {
  session?.close();
  await ctx.close();
  fs.rmSync(certDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: http2.IncomingHttpHeaders;
  body: string;
}

/** One request on the shared HTTP/2 connection. */
function h2(pathname: string, options: { method?: string; headers?: Record<string, string>; body?: unknown } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const stream = session.request({ ':method': options.method ?? 'GET', ':path': pathname, ...(options.body ? { 'content-type': 'application/json' } : {}), ...options.headers });
    let headers: http2.IncomingHttpHeaders = {};
    let body = '';
    stream.on('response', (h) => (headers = h));
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (body += chunk));
    stream.on('end', () => resolve({ status: Number(headers[':status']), headers, body }));
    stream.on('error', reject);
    stream.end(options.body ? JSON.stringify(options.body) : undefined);
  });
}

describe('HTTPS with HTTP/2', () => {
  it('answers the API over HTTP/2 on one connection, with a signed-in batch and its localized refusals', async () => {
    const [health, me, refused] = await Promise.all([
      h2('/api/health'),
      h2('/api/batch', { method: 'POST', headers: { authtoken: token }, body: { requests: [{ path: '/sellAuth/me' }, { path: '/wallet/summary' }] } }),
      h2('/api/wallet/summary', { headers: { 'accept-language': 'vi-VN' } }),
    ]);
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body).data.db).toBe(ctx.kind);
    expect(me.status).toBe(200);
    expect(JSON.parse(me.body).data.map((part: { status: number }) => part.status)).toEqual([200, 200]);
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body).msg).not.toMatch(/^[A-Z_]+$/);
    // No HTTP/1.1 connection header on an HTTP/2 answer.
    expect(health.headers.connection).toBeUndefined();
  });

  it('compresses an answer the client accepts compressed', async () => {
    const answer = await new Promise<{ encoding: string | undefined; status: number }>((resolve, reject) => {
      const stream = session.request({ ':path': '/api/docs/json', 'accept-encoding': 'br, gzip' });
      stream.on('response', (h) => resolve({ encoding: h['content-encoding'] as string | undefined, status: Number(h[':status']) }));
      stream.on('error', reject);
      stream.resume();
      stream.end();
    });
    expect(answer.status).toBe(200);
    expect(answer.encoding).toBe('br');
  });

  it('streams notifications over HTTP/2 (the heartbeat arrives on an open stream)', async () => {
    const ticket = await ticketFor(ctx.app, token);
    const stream = session.request({ ':path': `/api/sse/connect/${userId}?ticket=${ticket}`, accept: 'text/event-stream' });
    const headers = await new Promise<http2.IncomingHttpHeaders>((resolve) => stream.on('response', resolve));
    expect(headers[':status']).toBe(200);
    expect(headers['content-type']).toMatch(/^text\/event-stream/);
    stream.setEncoding('utf8');
    const received = await new Promise<string>((resolve) => {
      let text = '';
      stream.on('data', (chunk: string) => {
        text += chunk;
        if (text.includes(': hb')) resolve(text);
      });
    });
    expect(received).toContain(': hb');
    stream.close();
  });

  it('still answers HTTP/1.1 over TLS (allowHTTP1)', async () => {
    const answer = await new Promise<{ status: number; version: string; body: string }>((resolve, reject) => {
      https
        .get(`${origin}/api/health`, { rejectUnauthorized: false }, (response) => {
          let body = '';
          response.on('data', (chunk) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, version: response.httpVersion, body }));
        })
        .on('error', reject);
    });
    expect(answer).toMatchObject({ status: 200, version: '1.1' });
    expect(JSON.parse(answer.body).code).toBe(0);
  });
});

describe('TLS configuration', () => {
  it('needs both files or neither', () => {
    const env = { ...process.env };
    try {
      process.env.TLS_CERT_FILE = '/tmp/cert.pem';
      delete process.env.TLS_KEY_FILE;
      expect(() => loadConfig()).toThrow(/TLS_CERT_FILE and TLS_KEY_FILE go together/);
      process.env.TLS_KEY_FILE = '/tmp/key.pem';
      expect(loadConfig().tls).toEqual({ certFile: '/tmp/cert.pem', keyFile: '/tmp/key.pem' });
      delete process.env.TLS_CERT_FILE;
      delete process.env.TLS_KEY_FILE;
      expect(loadConfig().tls).toBeNull();
    } finally {
      process.env = env;
    }
  });
});
