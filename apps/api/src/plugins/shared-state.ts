import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/**
 * What several API processes must agree on: rate-limit counters, the uses of each solved captcha, and the short search
 * memo. With REDIS_URL they live in Redis, so two processes behave as one; without it, or while Redis is away, they
 * live in this process's memory (one warning per outage, one line when Redis is back). Decision 050.
 */
export interface SharedState {
  /** Adds one to a counter whose window starts at its first use; answers the count and the window's remaining ms. */
  incr(key: string, windowMs: number): Promise<{ current: number; ttl: number }>;
  /** A text remembered for ttlMs (the search memo keeps an answer's JSON, written once and sent as is), or undefined. */
  recall(key: string): Promise<string | undefined>;
  remember(key: string, text: string, ttlMs: number): Promise<void>;
  /** 'redis' while Redis answers, 'memory' otherwise. */
  readonly mode: 'redis' | 'memory';
  close(): Promise<void>;
}

const PREFIX = 'careslot:';

/** The same counting as @fastify/rate-limit's Redis store: INCR, and the window starts with the first hit. */
const INCR_LUA = `
local current = redis.call('INCR', KEYS[1])
local ttl = tonumber(ARGV[1])
if current == 1 then
  redis.call('PEXPIRE', KEYS[1], ttl)
else
  ttl = redis.call('PTTL', KEYS[1])
  if ttl < 0 then
    redis.call('PEXPIRE', KEYS[1], ARGV[1])
    ttl = tonumber(ARGV[1])
  end
end
return {current, ttl}
`;

/** Counters and memos in this process only, bounded. */
export class MemoryState {
  private readonly counters = new Map<string, { current: number; until: number }>();
  private readonly memos = new Map<string, { value: string; until: number }>();

  constructor(private readonly maxEntries = 20_000) {}

  incrNow(key: string, windowMs: number, now = Date.now()) {
    let entry = this.counters.get(key);
    if (!entry || entry.until <= now) {
      entry = { current: 0, until: now + windowMs };
      this.counters.set(key, entry);
    }
    entry.current++;
    this.prune(this.counters, now);
    return { current: entry.current, ttl: entry.until - now };
  }

  recallNow(key: string, now = Date.now()): string | undefined {
    const hit = this.memos.get(key);
    return hit && hit.until > now ? hit.value : undefined;
  }

  rememberNow(key: string, text: string, ttlMs: number, now = Date.now()) {
    this.memos.set(key, { value: text, until: now + ttlMs });
    this.prune(this.memos, now);
  }

  private prune(map: Map<string, { until: number }>, now: number) {
    if (map.size <= this.maxEntries) return;
    for (const [k, v] of map) if (v.until <= now || map.size > this.maxEntries / 2) map.delete(k);
  }
}

export function memoryState(): SharedState {
  const memory = new MemoryState();
  return {
    mode: 'memory',
    incr: async (key, windowMs) => memory.incrNow(key, windowMs),
    recall: async (key) => memory.recallNow(key),
    remember: async (key, text, ttlMs) => memory.rememberNow(key, text, ttlMs),
    close: async () => undefined,
  };
}

/**
 * Redis when it answers, this process's memory when it does not. Commands never queue while Redis is away
 * (enableOfflineQueue false), so a request is never held up waiting for it; ioredis keeps reconnecting.
 */
export function redisState(url: string, log: FastifyBaseLogger): SharedState {
  const memory = new MemoryState();
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: 1000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
    lazyConnect: false,
  });
  redis.defineCommand('careslotIncr', { numberOfKeys: 1, lua: INCR_LUA });
  let degraded = false;
  const fellBack = (err: unknown) => {
    if (!degraded) {
      degraded = true;
      log.warn(
        { err },
        'Redis is unavailable: rate limits, captcha uses and the search memo now count in this process only, until it is back',
      );
    }
  };
  redis.on('error', (err) => fellBack(err));
  const up = () => redis.status === 'ready';

  const answered = () => {
    if (degraded) log.info('Redis answers again: rate limits, captcha uses and the search memo are shared again');
    degraded = false;
  };
  const scripted = redis as unknown as { careslotIncr(k: string, ms: number): Promise<[number, number]> };

  const state: SharedState = {
    get mode() {
      return up() ? 'redis' : 'memory';
    },
    async incr(key, windowMs) {
      if (up()) {
        try {
          const [current, ttl] = await scripted.careslotIncr(PREFIX + key, windowMs);
          answered();
          return { current, ttl };
        } catch (err) {
          fellBack(err);
        }
      } else fellBack(new Error(`Redis connection is ${redis.status}`));
      return memory.incrNow(key, windowMs);
    },
    async recall(key: string) {
      if (up()) {
        try {
          const text = await redis.get(PREFIX + key);
          answered();
          return text ?? undefined;
        } catch (err) {
          fellBack(err);
        }
      }
      return memory.recallNow(key);
    },
    async remember(key, text, ttlMs) {
      if (up()) {
        try {
          await redis.set(PREFIX + key, text, 'PX', ttlMs);
          answered();
          return;
        } catch (err) {
          fellBack(err);
        }
      }
      memory.rememberNow(key, text, ttlMs);
    },
    async close() {
      redis.disconnect();
    },
  };
  return state;
}

/**
 * A @fastify/rate-limit store over the shared state (the plugin's `store` option takes a class). Every limit of ours
 * is created with a name that prefixes its keys, so the store does not add the route to them.
 */
export function rateLimitStore(shared: () => SharedState) {
  return class SharedRateLimitStore {
    incr(key: string, cb: (err: Error | null, res?: { current: number; ttl: number }) => void, timeWindow: number) {
      shared()
        .incr(`rl:${key}`, timeWindow)
        .then(
          (res) => cb(null, res),
          (err: Error) => cb(err),
        );
    }
    child() {
      return new SharedRateLimitStore();
    }
  };
}
