/** The validator the FHIR tests rely on refuses what R4 refuses: proof that a test fails on an invalid answer. */
import { describe, expect, it } from 'vitest';
import { assertValidR4, validNdjson } from './fhir.test-helpers';

describe('R4 validation of test answers', () => {
  it('accepts a well-formed Slot and OperationOutcome', () => {
    assertValidR4({
      resourceType: 'Slot',
      id: '12',
      schedule: { reference: 'Schedule/abc' },
      status: 'free',
      start: '2026-03-01T09:00:00Z',
      end: '2026-03-01T09:30:00Z',
    });
    assertValidR4({ resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'invalid', diagnostics: 'x' }] });
  });

  it('refuses a missing required element, a bad code, a bad instant and an unknown property', () => {
    expect(() =>
      assertValidR4({ resourceType: 'Slot', status: 'free', start: '2026-03-01T09:00:00Z', end: '2026-03-01T09:30:00Z' }),
    ).toThrow(/Slot\.schedule/);
    expect(() =>
      assertValidR4({
        resourceType: 'Slot',
        schedule: { reference: 'Schedule/a' },
        status: 'free',
        start: '2026-03-01',
        end: '2026-03-01T09:30:00Z',
      }),
    ).toThrow(/instant/);
    expect(() =>
      assertValidR4({
        resourceType: 'Slot',
        schedule: { reference: 'Schedule/a' },
        status: 'free',
        start: '2026-03-01T09:00:00Z',
        end: '2026-03-01T09:30:00Z',
        patient: 'p',
      }),
    ).toThrow(/patient/);
  });

  it('validates every line of an NDJSON file', () => {
    expect(() =>
      validNdjson('{"resourceType":"Location","name":"A"}\n{"resourceType":"Location","position":{"latitude":"north"}}\n'),
    ).toThrow();
    expect(validNdjson('{"resourceType":"Location","name":"A"}\n')).toHaveLength(1);
  });
});
