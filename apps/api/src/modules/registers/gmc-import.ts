import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type { Queryable } from '../../db/client';
import { deleteRegisterEntries, upsertRegisterEntries, type RegisterEntry } from './registers.repository';

export interface GmcImportResult {
  registered: number;
  removed: number;
  skipped: number;
}

const REQUIRED = ['gmc ref no', 'surname', 'given name', 'registration status'] as const;

/**
 * Loads a licensed GMC List of Registered Medical Practitioners (CSV with a header naming at least GMC Ref No,
 * Surname, Given Name and Registration Status) into the register table, streaming. A doctor whose status starts with
 * "Registered" (with or without a licence) is upserted as "Given Name Surname"; any other status removes the number,
 * so the daily re-check sees the lapse. Rows without a 7-digit reference are skipped.
 */
export async function importGmcList(q: Queryable, input: Readable): Promise<GmcImportResult> {
  const parser = input.pipe(
    parse({ columns: (h: string[]) => h.map((c) => c.trim().toLowerCase()), bom: true, trim: true, relax_column_count: true }),
  );
  const result: GmcImportResult = { registered: 0, removed: 0, skipped: 0 };
  let upserts: RegisterEntry[] = [];
  let removals: string[] = [];
  let checkedHeader = false;
  const flush = async () => {
    await upsertRegisterEntries(q, upserts);
    await deleteRegisterEntries(q, 'gmc', removals);
    upserts = [];
    removals = [];
  };
  for await (const row of parser as AsyncIterable<Record<string, string>>) {
    if (!checkedHeader) {
      const missing = REQUIRED.filter((c) => !(c in row));
      if (missing.length) throw new Error(`This is not a GMC list: the header lacks ${missing.join(', ')}.`);
      checkedHeader = true;
    }
    const number = (row['gmc ref no'] ?? '').trim();
    if (!/^\d{7}$/.test(number)) {
      result.skipped++;
      continue;
    }
    if (/^registered/i.test(row['registration status'] ?? '')) {
      const name = `${row['given name'] ?? ''} ${row['surname'] ?? ''}`.trim().replace(/\s+/g, ' ');
      if (!name) {
        result.skipped++;
        continue;
      }
      upserts.push({ regulator: 'gmc', registration_number: number, name });
      result.registered++;
    } else {
      removals.push(number);
      result.removed++;
    }
    if (upserts.length + removals.length >= 5000) await flush();
  }
  await flush();
  return result;
}
