import { randomBytes } from 'node:crypto';
import * as net from 'node:net';
import WebSocket from 'ws';
import { createTestDatabase, TestDatabase } from '../support/database';
import { freePort } from '../support/free-port';
import { startServerProcess, waitHealthy } from '../support/server-process';

describe('graceful shutdown', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('life');
  });
  afterAll(() => db.drop());

  it('on SIGTERM stops accepting, finishes the request in flight, closes /ws clients and exits 0', async () => {
    const port = await freePort();
    const server = startServerProcess({
      NODE_ENV: 'production',
      LOCAL_CHECKOUT_IN_PRODUCTION: 'true', C2PA_DEVELOPMENT_SIGNER_IN_PRODUCTION: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: db.url,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'info',
    });
    const base = `http://127.0.0.1:${port}`;
    try {
      await waitHealthy(base, server.output);

      const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      const wsClosed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));

      // A request whose body is still arriving when the signal comes. It asks for 100 Continue:
      // the server answers that once it has read the headers, so the request is known to be in
      // flight (not an idle connection, which a shutdown closes) before the signal is sent.
      const body = '{"note":"finishing this request"}';
      const socket = net.connect(port, '127.0.0.1');
      await new Promise((r) => socket.once('connect', r));
      let response = '';
      let heardContinue: () => void = () => undefined;
      const continued = new Promise<void>((r) => (heardContinue = r));
      socket.on('data', (d) => {
        response += d.toString();
        if (/^HTTP\/1\.1 100 Continue\r\n\r\n/.test(response)) {
          response = response.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '');
          heardContinue();
        }
      });
      const socketEnded = new Promise((r) => socket.once('close', r));
      socket.write(
        `POST /api/not-a-route HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
      );
      await continued;

      server.child.kill('SIGTERM');
      await expect(wsClosed).resolves.toBe(1001);
      // No new connections once shutting down. (A raw connect, not fetch: fetch may reuse the
      // keep-alive connection of the health check above, which is not a new connection.)
      await expect(
        new Promise((resolve, reject) => {
          const probe = net.connect(port, '127.0.0.1');
          probe.once('connect', () => {
            probe.destroy();
            resolve('connected');
          });
          probe.once('error', reject);
        }),
      ).rejects.toThrow();

      socket.write(body);
      await socketEnded;
      expect(response).toMatch(/^HTTP\/1\.1 404/);
      expect(response).toContain('"code":"HTTP.NOT_FOUND"');

      await expect(server.exited).resolves.toBe(0);
      expect(server.output()).toContain('SIGTERM received: finishing in-flight requests');
    } finally {
      server.child.kill('SIGKILL');
    }
  });

  it('refuses to start with a malformed variable and names it', async () => {
    const server = startServerProcess({ PORT: 'not-a-port', DATABASE_URL: db.url });
    await expect(server.exited).resolves.toBe(78);
    expect(server.output()).toContain('PORT: expected a port number (got "not-a-port")');
  });
});
