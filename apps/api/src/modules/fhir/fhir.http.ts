import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { FHIR_BASE } from './fhir.types';

/** Shared by the door's route files: the base URL of links, paging links and the OpenAPI shapes. */

export const idParams = z.object({ id: z.string().describe('The logical id') });
export const resourceBody = z
  .record(z.string(), z.unknown())
  .describe('A FHIR Parameters (or Appointment) resource, application/fhir+json');

export function baseUrl(app: FastifyInstance, req: FastifyRequest): string {
  return `${(app.config.PUBLIC_URL ?? `${req.protocol}://${req.host}`).replace(/\/$/, '')}${FHIR_BASE}`;
}

/** The same search with its paging parameter replaced. */
export function pageUrl(base: string, req: FastifyRequest, set: Record<string, string | null>): string {
  const url = new URL(req.url, 'http://x');
  for (const [k, v] of Object.entries(set)) {
    if (v === null) url.searchParams.delete(k);
    else url.searchParams.set(k, v);
  }
  const path = url.pathname.startsWith(FHIR_BASE) ? url.pathname.slice(FHIR_BASE.length) : url.pathname;
  const qs = url.searchParams.toString();
  return `${base}${path}${qs ? `?${qs}` : ''}`;
}
