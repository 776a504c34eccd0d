import { describe, expect, it } from 'vitest';
import { auditFields } from './audit-fields';

describe('auditFields', () => {
  it('shows one field per line, strings as they are and the rest as JSON', () => {
    expect(auditFields({ status: 'REFUNDED', refund_minor: 4500, reason: null, tags: ['a'] })).toBe(
      'status: REFUNDED\nrefund_minor: 4500\nreason: null\ntags: ["a"]',
    );
  });

  it('shows a dash for no state or an empty one, and other values as JSON', () => {
    expect(auditFields(null)).toBe('—');
    expect(auditFields(undefined)).toBe('—');
    expect(auditFields({})).toBe('—');
    expect(auditFields([1, 2])).toBe('[1,2]');
    expect(auditFields('x')).toBe('"x"');
  });
});
