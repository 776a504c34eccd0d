import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { WeekView } from './slot-views';

afterEach(cleanup);

describe('WeekView', () => {
  it('shows the times weekly hours will open beyond the booking horizon as planned, with the day each opens', () => {
    render(
      <WeekView
        monday="2027-03-22"
        rows={[]}
        horizonUntil="2026-12-20"
        planned={[
          {
            date: '23/03/2027',
            start_time: '9:00 AM',
            end_time: '9:30 AM',
            hospital_name: 'Harley Street Clinic',
            hospital_id: 'h1',
            iso_date: '2027-03-23',
            rule_id: 'r1',
            opens_on: '2026-12-23',
          },
        ]}
        onWithdraw={() => {}}
      />,
    );
    expect(screen.getByText(/Slots are open for booking up to 20\/12\/2026/)).toBeTruthy();
    const tuesday = screen.getByLabelText('Tuesday 23/03');
    const list = within(tuesday).getByRole('list', { name: 'Planned: open for booking later' });
    expect(list.textContent).toContain('9:00 AM');
    expect(list.textContent).toContain('Planned · opens 23/12');
    // Nothing to select: a planned time is not a slot yet.
    expect(within(tuesday).queryByRole('button')).toBeNull();
    expect(within(screen.getByLabelText('Monday 22/03')).getByText('No slots')).toBeTruthy();
  });

  it('says nothing about the horizon for a week within it', () => {
    render(<WeekView monday="2026-12-07" rows={[]} horizonUntil="2026-12-20" planned={[]} onWithdraw={() => {}} />);
    expect(screen.queryByText(/Slots are open for booking up to/)).toBeNull();
  });
});
