import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ValidationError } from '../lib/errors';

const NUL = '\u0000';

/** The path (a.b.0.c) of the first string holding a NUL character, or null. Buffers (webhooks) are left alone. */
export function findNul(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? path || 'request' : null;
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes(NUL)) {
      const clean = key.split(NUL).join('');
      return path ? `${path}.${clean}` : clean || 'request';
    }
    const found = findNul(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * An optional query parameter sent empty (`?sort=&latitude=`) means the caller did not choose one: every empty value is
 * dropped before validation, in this one place, so `sort=` takes the default and `latitude=` is not read as 0. An
 * empty value inside a repeated parameter (`?day=&day=mon`) is dropped too. A required parameter sent empty is then
 * reported as missing, which is what it is. See docs/operations.md (empty means absent).
 */
export function withoutEmptyValues(query: unknown): unknown {
  if (query === null || typeof query !== 'object' || Array.isArray(query)) return query;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === '') continue;
    if (Array.isArray(value)) {
      const kept = value.filter((v) => v !== '');
      if (kept.length === 0) continue;
      out[key] = kept;
      continue;
    }
    out[key] = value;
  }
  return out;
}

/**
 * PostgreSQL text cannot hold the NUL character: a `\0` that reached a query would answer 500.
 * No field of ours ever needs one, so every parameter, query and JSON body is refused with a 400 first.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req: FastifyRequest) => {
    req.query = withoutEmptyValues(req.query);
    const field = findNul(req.params) ?? findNul(req.query) ?? findNul(req.body);
    if (field) {
      const message = 'This contains a character that is not allowed (NUL). Remove it and try again.';
      throw new ValidationError(`${field.replace(/_/g, ' ')}: ${message}`, { [field]: message });
    }
  });
}
