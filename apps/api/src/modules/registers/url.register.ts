import type { Regulator } from '@careslot/contracts/provider-registration';
import { registerLookupResponseSchema } from '@careslot/contracts/provider-registration';
import type { LookupOutcome, ProfessionalRegister } from './registers.types';

/**
 * A licensed GMC or GDC lookup service (GMC_REGISTER_URL, GDC_REGISTER_URL) that speaks our own lookup call: POST the
 * number as text/plain; 200 { Name, registration_number } for a registered practitioner, 404 for an unknown number.
 */
export function urlRegister(opts: { url: string; label: string; timeoutMs: number; fetchImpl?: typeof fetch }): ProfessionalRegister {
  return {
    source: `${opts.label.toLowerCase()}-service`,
    async lookup(_regulator: Regulator, number: string): Promise<LookupOutcome> {
      let res: Response;
      try {
        res = await (opts.fetchImpl ?? fetch)(opts.url, {
          method: 'POST',
          body: number,
          signal: AbortSignal.timeout(opts.timeoutMs),
          headers: { 'content-type': 'text/plain', accept: 'application/json' },
        });
      } catch (err) {
        const timedOut = (err as Error).name === 'TimeoutError' || (err as Error).name === 'AbortError';
        return {
          kind: 'unavailable',
          reason: timedOut ? `The ${opts.label} register did not answer in time.` : `The ${opts.label} register could not be reached.`,
        };
      }
      if (res.status === 404) return { kind: 'unknown', reason: `The ${opts.label} register has no entry with this number.` };
      if (!res.ok) return { kind: 'unavailable', reason: `The ${opts.label} register answered ${res.status}.` };
      const parsed = registerLookupResponseSchema.safeParse(await res.json().catch(() => null));
      if (!parsed.success) return { kind: 'unavailable', reason: `The ${opts.label} register gave an answer we could not read.` };
      return { kind: 'found', ...parsed.data, answer: parsed.data };
    },
  };
}
