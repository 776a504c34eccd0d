import type { Regulator } from '@careslot/contracts/provider-registration';
import type { LookupOutcome, ProfessionalRegister } from './registers.types';

interface NpiAnswer {
  result_count?: number;
  results?: { number?: string | number; basic?: { first_name?: string; last_name?: string; status?: string } }[];
  Errors?: unknown;
}

/**
 * The public NPI Registry API v2.1: GET {base}?version=2.1&number=N. `result_count` 0 means unknown; the name is
 * results[0].basic.first_name + last_name; only an active record (basic.status "A") counts.
 */
export function npiRegister(opts: { baseUrl: string; timeoutMs: number; fetchImpl?: typeof fetch }): ProfessionalRegister {
  return {
    source: 'npi-registry',
    async lookup(_regulator: Regulator, number: string): Promise<LookupOutcome> {
      const url = new URL(opts.baseUrl);
      url.searchParams.set('version', '2.1');
      url.searchParams.set('number', number);
      let body: NpiAnswer;
      try {
        const res = await (opts.fetchImpl ?? fetch)(url, {
          signal: AbortSignal.timeout(opts.timeoutMs),
          headers: { accept: 'application/json' },
        });
        if (!res.ok) return { kind: 'unavailable', reason: `The NPI Registry answered ${res.status}.` };
        body = (await res.json()) as NpiAnswer;
      } catch (err) {
        const timedOut = (err as Error).name === 'TimeoutError' || (err as Error).name === 'AbortError';
        return {
          kind: 'unavailable',
          reason: timedOut ? 'The NPI Registry did not answer in time.' : 'The NPI Registry could not be reached.',
        };
      }
      if (typeof body.result_count !== 'number')
        return { kind: 'unavailable', reason: 'The NPI Registry gave an answer we could not read.' };
      const record = body.results?.[0];
      if (body.result_count === 0 || !record)
        return { kind: 'unknown', reason: 'The NPI Registry has no record with this number.', answer: body };
      const basic = record.basic ?? {};
      if (basic.status !== 'A') return { kind: 'unknown', reason: 'The NPI record is not active.', answer: record };
      const name = `${basic.first_name ?? ''} ${basic.last_name ?? ''}`.trim();
      if (!name) return { kind: 'unknown', reason: 'The NPI record is not an individual clinician.', answer: record };
      return { kind: 'found', Name: name, registration_number: String(record.number ?? number), answer: record };
    },
  };
}
