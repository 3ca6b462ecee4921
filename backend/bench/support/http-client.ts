import * as http from 'node:http';
import * as net from 'node:net';

/** A keep-alive JSON client for benchmarks (node:http, no browser headers, loopback only). */
export function jsonClient(baseUrl: string, maxSockets = 64) {
  const url = new URL(baseUrl);
  if (!/^(127\.0\.0\.1|localhost)$/.test(url.hostname)) throw new Error(`Refusing a non-loopback address: ${baseUrl}`);
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  function send(method: string, path: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<{ status: number; body: unknown }> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          method,
          path,
          agent,
          headers: { ...extraHeaders, ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: unknown = text;
            try {
              parsed = JSON.parse(text);
            } catch {
              /* not JSON */
            }
            resolve({ status: res.statusCode ?? 0, body: parsed });
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }
  return { send, close: () => agent.destroy() };
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * One keep-alive HTTP/1.1 connection that sends one request at a time and reads answers with a
 * Content-Length (all of ours): what a closed-loop benchmark needs and little else. node:http's
 * client costs ~3x the CPU per request; with 200 loops on 2 shared cores it was the busiest process
 * of the laugh benchmark (83% of a core against the app's 54%), so it, not the app, set the tail.
 */
export class LeanConnection {
  private buffered: Buffer = Buffer.alloc(0);
  private waiting?: { resolve(answer: { status: number; body: string }): void; reject(error: Error): void };

  private constructor(
    private readonly socket: net.Socket,
    private readonly host: string,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.received(chunk));
    socket.on('error', (e) => this.fail(e));
    socket.on('close', () => this.fail(new Error('connection closed')));
  }

  static open(baseUrl: string): Promise<LeanConnection> {
    const url = new URL(baseUrl);
    if (!/^(127\.0\.0\.1|localhost)$/.test(url.hostname)) throw new Error(`Refusing a non-loopback address: ${baseUrl}`);
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(url.port), url.hostname, () => resolve(new LeanConnection(socket, url.host)));
      socket.once('error', reject);
    });
  }

  /** Sends a JSON request and resolves with the answer's status and body text. */
  send(method: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
    if (this.waiting) return Promise.reject(new Error('one request at a time'));
    const payload = JSON.stringify(body);
    let head = `${method} ${path} HTTP/1.1\r\nhost: ${this.host}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(payload)}\r\n`;
    for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(`${head}\r\n${payload}`);
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private received(chunk: Buffer): void {
    this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
    const end = this.buffered.indexOf('\r\n\r\n');
    if (end < 0 || !this.waiting) return;
    const head = this.buffered.subarray(0, end).toString('latin1');
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!length) return this.fail(new Error(`an answer without Content-Length: ${head.split('\r\n')[0]}`));
    const total = end + 4 + Number(length[1]);
    if (this.buffered.length < total) return;
    const body = this.buffered.subarray(end + 4, total).toString('utf8');
    this.buffered = this.buffered.subarray(total);
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting.resolve({ status: Number(head.slice(9, 12)), body });
  }

  private fail(error: Error): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.reject(error);
  }
}
