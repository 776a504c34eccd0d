import { describe, expect, it } from 'vitest';
import { cancellationPolicy, plannedReminders } from './after-booking';

/** Instants written with London's offset of the day (GMT +00:00, BST +01:00). */
const at = (iso: string) => new Date(iso);

describe('cancellation cut-off', () => {
  const start = at('2027-03-10T09:00:00+00:00');

  it('is free up to and including the second exactly 24 hours before the start, then keeps the fee', () => {
    expect(cancellationPolicy(start, at('2027-03-09T09:00:00Z'), 24, 4500)).toMatchObject({ refundable: true, refund_minor: 4500 });
    expect(cancellationPolicy(start, at('2027-03-09T09:00:00.999Z'), 24, 4500).refundable).toBe(true);
    expect(cancellationPolicy(start, at('2027-03-09T09:00:01Z'), 24, 4500)).toMatchObject({ refundable: false, refund_minor: 0 });
    expect(cancellationPolicy(start, at('2027-03-09T08:59:59Z'), 24, 4500).free_until).toBe('2027-03-09T09:00:00.000Z');
  });

  it('counts elapsed hours across a change of clocks (spring forward and fall back in London)', () => {
    // Clocks go forward on 28 March 2027: 09:00 BST on the 29th is 08:00 UTC, so the cut-off is 08:00 GMT on the 28th
    // (a day on the wall clock would say 09:00).
    const afterSpring = at('2027-03-29T09:00:00+01:00');
    const p = cancellationPolicy(afterSpring, at('2027-03-28T08:00:00+00:00'), 24, 100);
    expect(p.free_until).toBe('2027-03-28T08:00:00.000Z');
    expect(p.refundable).toBe(true);
    expect(cancellationPolicy(afterSpring, at('2027-03-28T08:00:01+00:00'), 24, 100).refundable).toBe(false);
    // Clocks go back on 31 October 2027: 09:00 GMT on the 31st is 24 hours after 10:00 BST on the 30th.
    const afterFall = at('2027-10-31T09:00:00+00:00');
    expect(cancellationPolicy(afterFall, at('2027-10-30T10:00:00+01:00'), 24, 100)).toMatchObject({
      free_until: '2027-10-30T09:00:00.000Z',
      refundable: true,
    });
    expect(cancellationPolicy(afterFall, at('2027-10-30T10:00:01+01:00'), 24, 100).refundable).toBe(false);
  });

  it('follows the provider setting, including none at all', () => {
    expect(cancellationPolicy(start, at('2027-03-08T09:00:00Z'), 48, 100).refundable).toBe(true);
    expect(cancellationPolicy(start, at('2027-03-08T09:00:01Z'), 48, 100).refundable).toBe(false);
    expect(cancellationPolicy(start, at('2027-03-10T08:59:59Z'), 0, 100).refundable).toBe(true);
  });
});

describe('planned reminders', () => {
  const start = new Date('2027-03-20T09:00:00Z');
  it('7 days and 24 hours before for a booking made weeks ahead', () => {
    expect(plannedReminders(new Date('2027-03-01T12:00:00Z'), start)).toEqual([
      { kind: '7d', due_at: new Date('2027-03-13T09:00:00Z') },
      { kind: '24h', due_at: new Date('2027-03-19T09:00:00Z') },
    ]);
  });
  it('only the 24-hour one for a booking made within the week (exactly 7 days ahead counts as within)', () => {
    expect(plannedReminders(new Date('2027-03-13T09:00:00Z'), start)).toEqual([{ kind: '24h', due_at: new Date('2027-03-19T09:00:00Z') }]);
  });
  it('at once for a booking made less than 24 hours ahead; none once it has started', () => {
    const late = new Date('2027-03-19T20:15:00Z');
    expect(plannedReminders(late, start)).toEqual([{ kind: '24h', due_at: late }]);
    expect(plannedReminders(start, start)).toEqual([]);
  });
});
