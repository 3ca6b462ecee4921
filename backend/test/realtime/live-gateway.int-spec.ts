import WebSocket from 'ws';
import { LiveGateway } from '../../src/shared/realtime/live-gateway';
import { createTestApp, TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

function open(url: string, options: WebSocket.ClientOptions = {}): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, options);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

describe('/ws', () => {
  let t: TestApp;
  let wsUrl: string;
  beforeAll(async () => {
    t = await createTestApp({ listen: true, env: { WS_HEARTBEAT_MS: '100' } });
    wsUrl = `${t.baseUrl!.replace('http', 'ws')}/ws`;
  });
  afterAll(() => t.close());

  it('accepts connections on the same server and delivers broadcast messages as JSON', async () => {
    const ws = await open(wsUrl);
    const received = new Promise<unknown>((resolve) => ws.once('message', (data) => resolve(JSON.parse(String(data)))));
    const sent = t.app.get(LiveGateway).broadcast({ type: 'new_community_edit', data: { id: 'abc' } });
    expect(sent).toBeGreaterThanOrEqual(1);
    await expect(received).resolves.toEqual({ type: 'new_community_edit', data: { id: 'abc' } });
    ws.close();
  });

  it('keeps a client that answers pings and drops one that does not', async () => {
    const healthy = await open(wsUrl);
    const dead = await open(wsUrl, { autoPong: false });
    const deadClosed = new Promise<number>((resolve) => dead.once('close', (code) => resolve(code)));
    let pings = 0;
    healthy.on('ping', () => pings++);
    await expect(deadClosed).resolves.toBe(1006); // terminated without a closing handshake
    await waitFor('two pings to the client that answers them', () => pings >= 2);
    expect(healthy.readyState).toBe(WebSocket.OPEN);
    healthy.close();
  });

  it('is not served on other paths', async () => {
    await expect(open(`${t.baseUrl!.replace('http', 'ws')}/not-ws`)).rejects.toThrow();
  });
});
