/** Security review findings for the public content calls (docs/security-review.md). */
import { describe, expect, it } from 'vitest';
import { contactAcknowledgement, greetingName } from './content.service';

describe('contact acknowledgement', () => {
  it('greets by a first name that looks like one', () => {
    for (const name of ['Ada', 'Zoë', "O'Neil", 'Anne-Marie', 'Mary Jane', 'José', 'Ng']) expect(greetingName(name)).toBe(name);
  });

  it('does not repeat a "name" that carries a message, a link or markup to a stranger', () => {
    for (const name of [
      'Claim your prize at evil.example',
      'http://evil.example',
      'Call 0800 123 456',
      'Ada\nVisit evil',
      '<b>Ada</b>',
      'a'.repeat(41),
    ]) {
      expect(greetingName(name)).toBe('customer');
    }
    const mail = contactAcknowledgement({ first_name: 'Claim your prize at evil.example', email: 'victim@example.com' });
    expect(mail.text).not.toContain('evil.example');
    expect(mail.html).not.toContain('evil.example');
    expect(mail.text).toMatch(/^Dear customer,/);
  });
});
