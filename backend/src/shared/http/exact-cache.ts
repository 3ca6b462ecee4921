/** How many recent invalidations a fill is checked against; a fill that started longer ago is refused. */
const RECENT_INVALIDATIONS = 4096;

/**
 * A bounded per-instance cache (least recently used out first, by "second chance": a read only
 * marks its entry, and the eviction moves a marked entry to the back instead of dropping it, so a
 * read neither allocates nor reorders the map) whose entries are dropped exactly
 * when what they hold changes (ADR 0021), and which never takes in a value read before such a
 * change: a reader takes a fill token (`begin()`) BEFORE it reads the database, and `put` refuses
 * the value if its key (or group) was dropped, or the whole cache cleared, since that token.
 * While `enabled` is false (the LISTEN connection is down) nothing is served or kept.
 */
export class ExactCache<V> {
  private readonly entries = new Map<string, { value: V; group?: string; used: boolean }>();
  private readonly groups = new Map<string, Set<string>>();
  /** The last RECENT_INVALIDATIONS dropped keys/groups, by sequence number (ring buffer). */
  private readonly recent: string[] = new Array<string>(RECENT_INVALIDATIONS);
  private seq = 0;
  private clearedAt = 0;
  private on = false;

  constructor(private readonly maxEntries: number) {}

  get enabled(): boolean {
    return this.on;
  }

  get size(): number {
    return this.entries.size;
  }

  /** A fill token, or -1 while disabled (`put` then refuses). Take it before reading the database. */
  begin(): number {
    return this.on ? this.seq : -1;
  }

  get(key: string): V | undefined {
    if (!this.on) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    entry.used = true;
    return entry.value;
  }

  /** Keeps `value` unless `key` or `group` was dropped (or everything cleared) since `token`. */
  put(token: number, key: string, value: V, group?: string): boolean {
    if (!this.on || token < 0 || token < this.clearedAt) return false;
    if (this.seq - token > RECENT_INVALIDATIONS) return false;
    for (let s = token + 1; s <= this.seq; s++) {
      const dropped = this.recent[s % RECENT_INVALIDATIONS];
      if (dropped === `k:${key}` || (group !== undefined && dropped === `g:${group}`)) return false;
    }
    this.remove(key);
    // Marked as read: a new entry is not the first to go when every older one was read.
    this.entries.set(key, { value, group, used: true });
    if (group !== undefined) {
      let keys = this.groups.get(group);
      if (!keys) this.groups.set(group, (keys = new Set()));
      keys.add(key);
    }
    // Oldest first (Map keeps insertion order); one read since it came in or was last passed
    // over buys an entry another round at the back. Ends: each entry passed over loses its mark.
    while (this.entries.size > this.maxEntries) {
      const [oldest, entry] = this.entries.entries().next().value as [string, { value: V; group?: string; used: boolean }];
      if (entry.used) {
        entry.used = false;
        this.entries.delete(oldest);
        this.entries.set(oldest, entry);
      } else {
        this.remove(oldest);
      }
    }
    return true;
  }

  /** Drops one key (and refuses fills of it that started before now). */
  drop(key: string): void {
    this.note(`k:${key}`);
    this.remove(key);
  }

  /** Drops every entry of a group (and refuses fills in it that started before now). */
  dropGroup(group: string): void {
    this.note(`g:${group}`);
    const keys = this.groups.get(group);
    if (!keys) return;
    for (const key of [...keys]) this.remove(key);
  }

  /** Drops everything; with `enabled` false nothing is served or kept until enabled again. */
  clear(enabled = this.on): void {
    this.seq += 1;
    this.clearedAt = this.seq;
    this.entries.clear();
    this.groups.clear();
    this.on = enabled;
  }

  private note(what: string): void {
    this.seq += 1;
    this.recent[this.seq % RECENT_INVALIDATIONS] = what;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    if (entry.group !== undefined) {
      const keys = this.groups.get(entry.group);
      keys?.delete(key);
      if (keys && keys.size === 0) this.groups.delete(entry.group);
    }
  }
}
