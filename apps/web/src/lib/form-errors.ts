import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts the server's per-field messages (400 `fields`) on the form's fields and returns the message
 * to show above the form (null when every problem landed on a field).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  known: readonly string[],
): string | null {
  if (!(error instanceof ApiError)) return 'We could not reach CareSlot. Check your connection and try again.';
  const fields = error.fields ?? {};
  let placed = 0;
  for (const [name, message] of Object.entries(fields)) {
    if (known.includes(name)) {
      setError(name as Path<T>, { type: 'server', message });
      placed += 1;
    }
  }
  return placed > 0 && placed === Object.keys(fields).length ? null : error.message;
}
