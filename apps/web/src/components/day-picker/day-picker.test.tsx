import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProviderSlot } from '@careslot/contracts/providers';
import { DayPicker, describeDay } from './day-picker';

afterEach(cleanup);

const hospital = { hospital_id: 'h1', hospital_name: 'Park Square Clinic', hospital_location: '9 Park Square East, Leeds, LS1 2NE' };
let nextId = 1;
const slot = (date: string, time: string, available = true): ProviderSlot => ({
  slot_id: nextId++,
  date,
  time,
  end_time: time.replace(':00', ':30'),
  starts_at: '2026-11-23T10:00:00.000Z',
  time_zone: 'Europe/London',
  consultationTime: 30,
  available,
  hospital,
});
const days: [string, ProviderSlot[]][] = [
  ['23/11/2026', [slot('23/11/2026', '10:00 AM', false), slot('23/11/2026', '11:00 AM')]],
  ['24/11/2026', [slot('24/11/2026', '9:00 AM')]],
  ['25/11/2026', [slot('25/11/2026', '2:00 PM', false)]],
];

function Harness() {
  const [day, setDay] = useState(days[0]![0]);
  const [chosen, setChosen] = useState<ProviderSlot | null>(null);
  return <DayPicker days={days} activeDay={day} onDay={setDay} chosen={chosen} onChoose={setChosen} />;
}

describe('describeDay', () => {
  it('names the calendar day itself, whatever the browser zone', () => {
    expect(describeDay('23/11/2026')).toEqual({ weekday: 'Monday', short: '23 Nov', long: 'Monday, 23rd November 2026' });
    expect(describeDay('29/02/2028').weekday).toBe('Tuesday');
  });
});

describe('DayPicker (tabs pattern)', () => {
  it('is one tab stop; arrows, Home and End move and select; the panel follows the selected tab', () => {
    render(<Harness />);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    expect(tabs[2]!.textContent).toContain('Full');

    act(() => tabs[0]!.focus());
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowRight' });
    expect(tabs[1]!.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tabs[1]);
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(tabs[1]!.id);
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Tuesday, 24th November 2026');

    fireEvent.keyDown(tabs[1]!, { key: 'End' });
    expect(document.activeElement).toBe(tabs[2]);
    fireEvent.keyDown(tabs[2]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tabs[2]);
    fireEvent.keyDown(tabs[2]!, { key: 'Home' });
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowLeft' });
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
  });

  it('shows taken times disabled and marks the chosen time pressed', () => {
    render(<Harness />);
    const [taken, free] = screen.getAllByRole('button', { name: /on 23rd November 2026/ });
    expect(taken!.hasAttribute('disabled')).toBe(true);
    expect(taken!.getAttribute('aria-label')).toMatch(/, taken$/);
    expect(free!.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(free!);
    expect(free!.getAttribute('aria-pressed')).toBe('true');
  });
});
