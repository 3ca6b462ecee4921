/**
 * One browser-like session against the seed's own app instance: keeps the session cookie it is
 * given and sends it back, as a browser does. Answers are returned whatever their status; the
 * caller decides what a status means.
 */
export interface HttpAnswer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export class HttpSession {
  private cookies = new Map<string, string>();

  constructor(private readonly base: string) {}

  get(path: string): Promise<HttpAnswer> {
    return this.send('GET', path);
  }

  post(path: string, json?: unknown, headers: Record<string, string> = {}): Promise<HttpAnswer> {
    return this.send('POST', path, json === undefined ? undefined : JSON.stringify(json), { 'content-type': 'application/json', ...headers });
  }

  patch(path: string, json: unknown): Promise<HttpAnswer> {
    return this.send('PATCH', path, JSON.stringify(json), { 'content-type': 'application/json' });
  }

  postForm(path: string, form: FormData): Promise<HttpAnswer> {
    return this.send('POST', path, form);
  }

  private async send(method: string, path: string, body?: string | FormData, headers: Record<string, string> = {}): Promise<HttpAnswer> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const res = await fetch(`${this.base}${path}`, {
      method,
      body,
      headers: { accept: 'application/json', ...(cookie ? { cookie } : {}), ...headers },
      redirect: 'manual',
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      // A cleared cookie (sign-out) comes back empty or already expired.
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('application/json')) {
      try {
        parsed = JSON.parse(text);
      } catch {
        // leave the text
      }
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }
}

/** The API's error message (`{message}`), or the status, for the seed's own error lines. */
export function describeAnswer(answer: HttpAnswer): string {
  const message = (answer.body as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? `${answer.status} ${message}` : `HTTP ${answer.status}`;
}
