import * as http from 'node:http';

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
