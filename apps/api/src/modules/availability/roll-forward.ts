import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { PollingWorker } from '../../lib/polling-worker';
import { insertSlots, providersBehind, setGeneratedUntilMany, type NewSlot } from './availability.repository';
import { addDays, maxDay, todayIn } from './rule-expansion';
import { generationWindow, loadSchedules, plannedSlots } from './schedule';

/**
 * The daily roll-forward: each weekly rule's slots are extended day by day so they always reach the booking horizon,
 * which is why a long-lived database never runs out of slots. Only days past `generated_until` are made (a slot the
 * provider withdrew is never made again); one that would overlap anything is left out. Safe to run in several
 * processes at once: the no-overlap constraint skips what another run already made.
 */
export async function rollForward(db: Db, now: Date = new Date()): Promise<number> {
  const today = todayIn('UTC', now);
  let created = 0;
  let after: string | null = null;
  for (;;) {
    const batch = await providersBehind(db, today, after, 200);
    if (batch.length === 0) return created;
    // One transaction per batch: the schedules are read together and the slots written in large inserts.
    created += await db.transaction(async (tx) => {
      const schedules = await loadSchedules(tx, batch);
      const rows: NewSlot[] = [];
      const reached: { ruleId: string; day: string }[] = [];
      for (const schedule of schedules.values()) {
        for (const rule of schedule.rules) {
          if (rule.kind !== 'weekly') continue;
          const window = generationWindow(rule, schedule, now);
          if (!window) continue;
          const from = rule.generated_until ? maxDay(window.from, addDays(rule.generated_until, 1)) : window.from;
          if (from > window.to) continue;
          for (const p of plannedSlots(rule, schedule, now, { from, to: window.to })) {
            rows.push({
              provider_id: schedule.providerId,
              hospital_id: p.hospital_id,
              region: schedule.region,
              rule_id: rule.id,
              starts_at: p.starts_at,
              ends_at: p.ends_at,
              book_by: new Date(p.starts_at.getTime() - schedule.settings.min_notice_minutes * 60_000),
            });
          }
          reached.push({ ruleId: rule.id, day: window.to });
        }
      }
      const made = (await insertSlots(tx, rows, 'skip')).length;
      await setGeneratedUntilMany(tx, reached);
      return made;
    });
    after = batch[batch.length - 1]!;
  }
}

/** Runs the roll-forward when the process starts and every hour after (a new day is noticed within the hour). */
export class RollForwardWorker extends PollingWorker {
  constructor(
    private readonly db: Db,
    log: FastifyBaseLogger,
    pollMs = 3600_000,
  ) {
    super(log, pollMs, 'availability roll-forward');
  }

  protected async processDue(): Promise<number> {
    return rollForward(this.db);
  }
}
