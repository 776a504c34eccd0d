import type { CapabilityStatement, CapabilityStatementRestResource, OperationDefinition } from '@medplum/fhirtypes';
import { FHIR_VERSION } from './fhir.types';

/** What the door offers, as /metadata says it and the routes implement it (docs/fhir.md). */

type Param = { name: string; type: 'token' | 'reference' | 'date' | 'string' | 'special' | 'number'; documentation: string };

export const SEARCH_PARAMS: Record<string, Param[]> = {
  Practitioner: [
    { name: 'identifier', type: 'token', documentation: 'GMC, GDC or NPI number: system|value or value' },
    { name: 'name', type: 'string', documentation: 'Start of the first, last or full name' },
  ],
  Organization: [{ name: 'name', type: 'string', documentation: 'Start of the company name' }],
  Location: [
    { name: 'address-postalcode', type: 'string', documentation: 'Start of the postcode or ZIP (spaces ignored)' },
    { name: 'near', type: 'special', documentation: 'latitude|longitude|distance|unit (km, m, mi); nearest first' },
    { name: 'name', type: 'string', documentation: 'Part of the clinic name' },
  ],
  PractitionerRole: [
    { name: 'practitioner', type: 'reference', documentation: 'Practitioner/{id}' },
    { name: 'location', type: 'reference', documentation: 'Location/{id}' },
    { name: 'organization', type: 'reference', documentation: 'Organization/{id}' },
    { name: 'specialty', type: 'token', documentation: 'A CareSlot speciality code' },
  ],
  Schedule: [
    { name: 'actor', type: 'reference', documentation: 'PractitionerRole/{id} or Location/{id}' },
    { name: 'specialty', type: 'token', documentation: 'A CareSlot speciality code' },
  ],
  Slot: [
    { name: 'schedule', type: 'reference', documentation: 'Schedule/{id}' },
    { name: 'start', type: 'date', documentation: 'With eq, ge, gt, le or lt; repeat for a range' },
    { name: 'status', type: 'token', documentation: 'free or busy' },
    { name: 'specialty', type: 'token', documentation: 'A CareSlot speciality code' },
  ],
  Appointment: [
    { name: 'patient', type: 'reference', documentation: 'Patient/{id}: your own' },
    { name: 'date', type: 'date', documentation: 'The start, with eq, ge, gt, le or lt' },
    { name: 'status', type: 'token', documentation: 'pending, booked, fulfilled, cancelled, noshow' },
  ],
};

export const OPERATIONS: {
  id: string;
  code: string;
  resource: string;
  instance: boolean;
  description: string;
  parameters: OperationDefinition['parameter'];
}[] = [
  {
    id: 'appointment-find',
    code: 'find',
    resource: 'Appointment',
    instance: false,
    description: 'Proposed Appointments for free slots matching the parameters (IHE ITI Scheduling $find).',
    parameters: [
      { name: 'start', use: 'in', min: 0, max: '1', type: 'dateTime' },
      { name: 'end', use: 'in', min: 0, max: '1', type: 'dateTime' },
      { name: 'specialty', use: 'in', min: 0, max: '*', type: 'Coding' },
      { name: 'location-string', use: 'in', min: 0, max: '1', type: 'string', documentation: 'A UK postcode or US ZIP code' },
      { name: 'practitioner', use: 'in', min: 0, max: '*', type: 'Reference' },
      { name: '_count', use: 'in', min: 0, max: '1', type: 'integer' },
      { name: 'return', use: 'out', min: 1, max: '1', type: 'Bundle' },
    ],
  },
  {
    id: 'appointment-hold',
    code: 'hold',
    resource: 'Appointment',
    instance: false,
    description: 'Holds the slot of a proposed Appointment for the signed-in patient, as the web checkout holds it.',
    parameters: [
      { name: 'appointment', use: 'in', min: 1, max: '1', type: 'Appointment' },
      { name: 'return', use: 'out', min: 1, max: '1', type: 'Appointment' },
    ],
  },
  {
    id: 'appointment-book',
    code: 'book',
    resource: 'Appointment',
    instance: false,
    description: 'Books the slot for the signed-in patient: pending until paid on the link in the payment-link extension.',
    parameters: [
      { name: 'appointment', use: 'in', min: 1, max: '1', type: 'Appointment' },
      { name: 'cancelled-appt-id', use: 'in', min: 0, max: '1', type: 'uri' },
      { name: 'return', use: 'out', min: 1, max: '1', type: 'Appointment' },
    ],
  },
  {
    id: 'appointment-cancel',
    code: 'cancel',
    resource: 'Appointment',
    instance: true,
    description: "Cancels the signed-in patient's appointment under the web's cut-off policy, refund and e-mails.",
    parameters: [
      { name: 'reason', use: 'in', min: 0, max: '1', type: 'string' },
      { name: 'return', use: 'out', min: 1, max: '1', type: 'Appointment' },
    ],
  },
];

/** The operations /metadata lists: only those the server answers. */
export function operationDefinition(base: string, id: string): OperationDefinition | null {
  const op = OPERATIONS.find((o) => o.id === id);
  if (!op) return null;
  return {
    resourceType: 'OperationDefinition',
    id: op.id,
    url: `${base}/OperationDefinition/${op.id}`,
    name: `Appointment${op.code[0]!.toUpperCase()}${op.code.slice(1)}`,
    status: 'active',
    kind: 'operation',
    description: op.description,
    affectsState: op.code !== 'find',
    code: op.code,
    resource: [op.resource as 'Appointment'],
    system: false,
    type: !op.instance,
    instance: op.instance,
    parameter: op.parameters,
  };
}

export function capabilityStatement(base: string, live: { operations: string[] }): CapabilityStatement {
  const resources: CapabilityStatementRestResource[] = Object.entries(SEARCH_PARAMS).map(([type, params]) => ({
    type: type as 'Slot',
    interaction: [{ code: 'read' }, { code: 'search-type' }],
    searchParam: [{ name: '_id', type: 'token' }, ...params.map((p) => ({ name: p.name, type: p.type, documentation: p.documentation }))],
    ...(type === 'Appointment'
      ? {
          operation: OPERATIONS.filter((o) => live.operations.includes(o.id)).map((o) => ({
            name: o.code,
            definition: `${base}/OperationDefinition/${o.id}`,
          })),
        }
      : {}),
  }));
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: '2026-11-28',
    publisher: 'CareSlot',
    kind: 'instance',
    software: { name: 'CareSlot' },
    implementation: { description: 'CareSlot scheduling: slots, holds and bookings of verified providers', url: base },
    fhirVersion: FHIR_VERSION,
    format: ['application/fhir+json', 'json'],
    rest: [
      {
        mode: 'server',
        documentation: 'Public reads need no sign-in. Appointments and operations need the bearer token of a CareSlot sign-in.',
        security: {
          service: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/restful-security-service', code: 'OAuth' }] }],
          description: 'Bearer token from CareSlot sign-in (the same token as the web app)',
        },
        resource: resources,
        operation: [{ name: 'bulk-publish', definition: 'http://hl7.org/fhir/smart-scheduling-links/OperationDefinition/bulk-publish' }],
      },
    ],
  };
}
