import { describe, expect, it } from 'vitest';
import { hospitalLocation } from './hospital-location';

describe('hospitalLocation', () => {
  it('joins street, city and postcode', () => {
    expect(hospitalLocation({ address: '81 Harborne Road', city: 'Birmingham', postcode: 'B15 3HG' })).toBe(
      '81 Harborne Road, Birmingham, B15 3HG',
    );
    expect(hospitalLocation({ address: '142 Joralemon Street', city: 'Brooklyn, NY', postcode: '11201' })).toBe(
      '142 Joralemon Street, Brooklyn, NY, 11201',
    );
  });
  it('leaves out a missing part instead of a dangling comma', () => {
    expect(hospitalLocation({ address: '1 High Street', city: 'Leeds', postcode: '' })).toBe('1 High Street, Leeds');
  });
});
