import { z } from 'zod';

/**
 * An optional field where an empty value means absent: '' (a form's untouched input, an empty query parameter) and
 * null are read as "not given", then the schema applies. OpenAPI shows the schema itself.
 */
export function blankable<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' && v.trim() === '' ? undefined : v),
    schema.optional(),
  );
}

/** An optional field that may also be cleared: '' or null mean "set to nothing" (null); leaving it out changes nothing. */
export function clearable<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (v === '' || (typeof v === 'string' && v.trim() === '') ? null : v), schema.nullable().optional());
}
