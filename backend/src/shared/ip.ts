/**
 * The address a request came from, as stored (max 45 characters, the spec's IP field). An IPv4
 * client reaching an IPv6 socket shows up as ::ffff:a.b.c.d; both spellings are the same client.
 * Plain TypeScript: domain rules (identity's whitelist values) use it as well as the HTTP adapters.
 */
export function normalizeIp(ip: string | undefined | null): string {
  const raw = (ip ?? '').trim();
  if (raw === '') return 'unknown';
  const v4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(raw);
  return (v4 ? v4[1] : raw.toLowerCase()).slice(0, 45);
}
