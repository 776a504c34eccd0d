import type { OperationOutcome } from '@medplum/fhirtypes';

/** An error the FHIR door answers as an OperationOutcome with this status and issue code. */
export class FhirError extends Error {
  constructor(
    readonly statusCode: number,
    readonly issueCode: string,
    message: string,
  ) {
    super(message);
    this.name = 'FhirError';
  }
}

/** The issue code for a status when the error came from elsewhere (a shared booking function, a rate limit). */
export function issueCodeFor(status: number): string {
  switch (status) {
    case 400:
      return 'invalid';
    case 401:
      return 'login';
    case 403:
      return 'forbidden';
    case 404:
      return 'not-found';
    case 406:
    case 415:
      return 'not-supported';
    case 409:
      return 'conflict';
    case 410:
      return 'deleted';
    case 422:
      return 'business-rule';
    case 429:
      return 'throttled';
    default:
      return status >= 500 ? 'exception' : 'processing';
  }
}

export function operationOutcome(issueCode: string, diagnostics: string, severity: 'error' | 'information' = 'error'): OperationOutcome {
  return { resourceType: 'OperationOutcome', issue: [{ severity, code: issueCode as 'invalid', diagnostics }] };
}
