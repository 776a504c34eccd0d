import { describe, expect, it } from 'vitest';
import { describeSlot, startsAtLocal } from './availability.service';

describe('describeSlot', () => {
  it("shows a slot in its hospital's own zone, summer and winter time included", () => {
    // 09:00 in London is 08:00 UTC in summer (BST) and 09:00 UTC in winter (GMT).
    expect(describeSlot('2027-07-01T08:00:00Z', '2027-07-01T08:15:00Z', 'Europe/London')).toEqual({
      date: '01/07/2027',
      time: '9:00 AM',
      end_time: '9:15 AM',
      consultationTime: 15,
      starts_at: '2027-07-01T08:00:00.000Z',
      time_zone: 'Europe/London',
    });
    expect(describeSlot(new Date('2027-01-04T09:00:00Z'), new Date('2027-01-04T09:30:00Z'), 'Europe/London')).toMatchObject({
      date: '04/01/2027',
      time: '9:00 AM',
      end_time: '9:30 AM',
      consultationTime: 30,
    });
  });

  it('uses the local day, which may differ from the UTC day', () => {
    // 02:00 UTC on the 3rd is 9 PM on the 2nd in New York (EST).
    expect(describeSlot('2027-03-03T02:00:00Z', '2027-03-03T02:20:00Z', 'America/New_York')).toMatchObject({
      date: '02/03/2027',
      time: '9:00 PM',
      end_time: '9:20 PM',
      consultationTime: 20,
    });
  });

  it('crosses midnight and a clock change without losing minutes', () => {
    // London springs forward at 01:00 UTC on 28 March 2027: 00:30 GMT → 02:30 BST is one real hour.
    expect(describeSlot('2027-03-28T00:30:00Z', '2027-03-28T01:30:00Z', 'Europe/London')).toMatchObject({
      date: '28/03/2027',
      time: '12:30 AM',
      end_time: '2:30 AM',
      consultationTime: 60,
    });
    expect(describeSlot('2027-05-01T23:45:00Z', '2027-05-02T00:15:00Z', 'UTC')).toMatchObject({
      date: '01/05/2027',
      time: '11:45 PM',
      end_time: '12:15 AM',
      consultationTime: 30,
    });
  });
});

describe('describeSlot read again', () => {
  it('answers an instant read before the same way, and the same instant in another zone by that zone', () => {
    const london = describeSlot('2027-07-01T08:00:00Z', '2027-07-01T08:30:00Z', 'Europe/London');
    expect(describeSlot('2027-07-01T08:00:00Z', '2027-07-01T08:30:00Z', 'Europe/London')).toEqual(london);
    expect(describeSlot('2027-07-01T08:00:00Z', '2027-07-01T08:30:00Z', 'America/New_York')).toMatchObject({
      date: '01/07/2027',
      time: '4:00 AM',
      end_time: '4:30 AM',
    });
    expect(describeSlot('2027-07-01T08:00:00Z', '2027-07-01T08:30:00Z', 'Asia/Kolkata')).toMatchObject({
      time: '1:30 PM',
      end_time: '2:00 PM',
    });
    expect(describeSlot(new Date('2027-07-01T08:00:00Z'), new Date('2027-07-01T08:30:00Z'), 'Europe/London')).toEqual(london);
  });
});

describe('startsAtLocal', () => {
  it('matches the local date and time of the slot’s own zone, not UTC', () => {
    expect(startsAtLocal('2027-07-01T08:00:00Z', 'Europe/London', '01/07/2027', '09:00')).toBe(true);
    expect(startsAtLocal('2027-07-01T08:00:00Z', 'Europe/London', '01/07/2027', '08:00')).toBe(false);
    expect(startsAtLocal('2027-03-03T02:00:00Z', 'America/New_York', '02/03/2027', '21:00')).toBe(true);
    expect(startsAtLocal('2027-03-03T02:00:00Z', 'America/New_York', '03/03/2027', '21:00')).toBe(false);
  });
});
