/** What the FHIR module exposes to others and shares between its files (docs/fhir.md). */

/** The FHIR version this door speaks. */
export const FHIR_VERSION = '4.0.1';
/** The media type of every answer. */
export const FHIR_JSON = 'application/fhir+json';
/** The base path of the door. */
export const FHIR_BASE = '/fhir/R4';

/** Registration identifiers, by regulator: the systems the UK Core and US Core identify practitioners with. */
export const IDENTIFIER_SYSTEMS: Record<string, string> = {
  gmc: 'https://fhir.hl7.org.uk/Id/gmc-number',
  gdc: 'https://fhir.hl7.org.uk/Id/gdc-number',
  npi: 'http://hl7.org/fhir/sid/us-npi',
};

/** CareSlot's own code systems (specialities are per region: a UK slug and a US slug may differ). */
export const SPECIALTY_SYSTEM = 'https://careslot.example/fhir/CodeSystem/specialty';

/** SMART Scheduling Links extensions. */
export const BOOKING_DEEP_LINK = 'http://fhir-registry.smarthealthit.org/StructureDefinition/booking-deep-link';
export const SLOT_CAPACITY = 'http://fhir-registry.smarthealthit.org/StructureDefinition/slot-capacity';
/** The link to pay for a pending Appointment on CareSlot's checkout. */
export const PAYMENT_LINK = 'https://careslot.example/fhir/StructureDefinition/payment-link';
/** The IANA time zone of a Location (HL7 core extension). */
export const TIMEZONE_EXTENSION = 'http://hl7.org/fhir/StructureDefinition/timezone';
