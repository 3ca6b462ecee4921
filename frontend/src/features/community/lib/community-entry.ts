/**
 * A community edit as the client uses it (000 §3 "Community image entry"), read from the recent
 * feed, the leaderboard and live messages alike. Missing image addresses are derived from the
 * id (000 §2 "Image links"); a missing or broken laugh count reads as 0 (000 §4).
 */
export interface CommunityEntry {
  id: string;
  prompt: string;
  style: string;
  /** ISO date-time of creation; '' when the server sent none. */
  timestamp: string;
  laughCount: number;
  /** The generated image: /api/images/{id}. */
  imageUrl: string;
  /** The original image: /api/images/{id}/original. */
  originalUrl: string;
}

export interface LeaderboardEntry extends CommunityEntry {
  rank: number;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function address(...candidates: unknown[]): string | undefined {
  return candidates.find((value): value is string => typeof value === 'string' && value !== '');
}

export function imagePath(id: string, suffix = ''): string {
  return `/api/images/${encodeURIComponent(id)}${suffix}`;
}

export function toCommunityEntry(value: unknown): CommunityEntry | null {
  if (typeof value !== 'object' || value === null) return null;
  const raw = value as Record<string, unknown>;
  const id = typeof raw.id === 'number' ? String(raw.id) : text(raw.id);
  if (id === '') return null;
  const laughCount = typeof raw.laughCount === 'number' && Number.isFinite(raw.laughCount) ? Math.max(0, raw.laughCount) : 0;
  return {
    id,
    prompt: text(raw.prompt),
    style: text(raw.style),
    timestamp: text(raw.timestamp),
    laughCount,
    imageUrl: address(raw.imageUrl, raw.generatedPath) ?? imagePath(id),
    originalUrl: address(raw.originalUrl, raw.originalPath) ?? imagePath(id, '/original'),
  };
}

export function toCommunityEntries(body: unknown): CommunityEntry[] {
  if (!Array.isArray(body)) return [];
  return body.map(toCommunityEntry).filter((entry): entry is CommunityEntry => entry !== null);
}

/** One leaderboard page; an entry without a rank gets its place on the page. */
export function toLeaderboardPage(body: unknown, page: number, pageSize: number): LeaderboardEntry[] {
  if (!Array.isArray(body)) return [];
  const entries: LeaderboardEntry[] = [];
  body.forEach((value, index) => {
    const entry = toCommunityEntry(value);
    if (!entry) return;
    const rank = (value as { rank?: unknown }).rank;
    entries.push({ ...entry, rank: typeof rank === 'number' && rank > 0 ? rank : (page - 1) * pageSize + index + 1 });
  });
  return entries;
}

/** "1 laugh", "3 laughs". */
export function laughsLabel(count: number): string {
  return `${count} ${count === 1 ? 'laugh' : 'laughs'}`;
}
