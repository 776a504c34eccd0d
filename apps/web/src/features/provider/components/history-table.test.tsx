import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HISTORY_MONTHS, HISTORY_SORTS, historyMessages } from '@careslot/contracts/appointments';
import { HistoryFiltersForm } from './history-table';

afterEach(cleanup);

const initial = { sort: HISTORY_SORTS[0]!.value, payment_method: '' as const, month: '', year: '' };

describe('the appointment history filters', () => {
  it('shows the year message on Submit, keeps the filters unapplied, and clears it once the year is edited', () => {
    const onSubmit = vi.fn();
    render(<HistoryFiltersForm initial={initial} onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: HISTORY_MONTHS[2] } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const year = screen.getByLabelText(/Year/);
    expect(screen.getByText(historyMessages.yearMissing)).toBeTruthy();
    expect(year.getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(year, { target: { value: '20' } });
    expect(screen.queryByText(historyMessages.yearMissing)).toBeNull();
    expect(year.getAttribute('aria-invalid')).not.toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText(historyMessages.yearInvalid)).toBeTruthy();
    fireEvent.change(year, { target: { value: '2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledWith({ ...initial, month: HISTORY_MONTHS[2], year: '2026' });
    expect(screen.queryByText(historyMessages.yearInvalid)).toBeNull();
  });
});
