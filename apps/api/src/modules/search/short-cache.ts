/**
 * A tiny time-boxed memo: concurrent identical calls share one promise; failures are not kept, and neither is a
 * value that `keep` refuses (a speciality that was not found is looked up again at once).
 */
export class ShortCache<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly keep: (value: T) => boolean = () => true,
  ) {}

  get(key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    const value = load();
    // Deleted first, so a reloaded key moves to the end of the insertion order (the newest).
    this.entries.delete(key);
    this.entries.set(key, { at: now, value });
    const forget = () => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    };
    value.then((v) => {
      if (!this.keep(v)) forget();
    }, forget);
    // Over the bound, the oldest half goes at once (a Map iterates in insertion order). Dropping one entry at a time left
    // the cache full, so every new entry scanned all the others: ~6 % of the API's CPU on uncached searches.
    if (this.entries.size > this.maxEntries) {
      for (const k of this.entries.keys()) {
        if (this.entries.size <= this.maxEntries / 2) break;
        this.entries.delete(k);
      }
    }
    return value;
  }
}
