import type { Queryable } from '../../db/client';
import { findSpeciality } from './search.repository';

export interface Speciality {
  id: number;
  slug: string;
  name: string;
}

/**
 * Region + slug → speciality, remembered for a while (the list changes only with a deployment's seed or an import).
 * Only known specialities are remembered, so a new one is found at once; concurrent first lookups share one query.
 */
export class SpecialityCache {
  private readonly entries = new Map<string, { at: number; value: Promise<Speciality | null> }>();

  constructor(private readonly ttlMs = 60_000) {}

  find(db: Queryable, region: string, slug: string, now = Date.now()): Promise<Speciality | null> {
    const key = `${region}|${slug}`;
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    const value = findSpeciality(db, region, slug);
    this.entries.set(key, { at: now, value });
    value.then(
      (found) => {
        if (!found && this.entries.get(key)?.value === value) this.entries.delete(key);
      },
      () => this.entries.delete(key),
    );
    // Slugs come from a short list; anything else is forgotten above, so this stays small.
    return value;
  }
}
