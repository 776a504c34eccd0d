/**
 * An audit entry's before or after state as one "field: value" line per field, so a long change wraps inside its
 * column instead of running the table off the screen as one line of JSON.
 */
export function auditFields(state: unknown): string {
  if (state === null || state === undefined) return '—';
  if (typeof state !== 'object' || Array.isArray(state)) return JSON.stringify(state);
  const lines = Object.entries(state as Record<string, unknown>).map(
    ([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`,
  );
  return lines.length ? lines.join('\n') : '—';
}
