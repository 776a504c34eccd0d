import { describe, expect, it } from 'vitest';
import { cancelQuestion, historyMessages, rowNumber, showPagination, statusTone, validateHistoryFilters } from './appointments';

describe('Booked History rules', () => {
  it('a month needs a year; a year is 1000 to 9999; months are 01 to 12', () => {
    expect(validateHistoryFilters({})).toBeNull();
    expect(validateHistoryFilters({ month: '', year: '' })).toBeNull();
    expect(validateHistoryFilters({ month: '03', year: '2027' })).toBeNull();
    expect(validateHistoryFilters({ year: '2027' })).toBeNull();
    expect(validateHistoryFilters({ month: '03' })).toEqual({ field: 'year', message: 'Please enter a year' });
    expect(validateHistoryFilters({ month: '03', year: '  ' })).toEqual({ field: 'year', message: 'Please enter a year' });
    for (const year of ['999', '10000', '0999', 'abcd', '20.5', '-2027']) {
      expect(validateHistoryFilters({ year }), year).toEqual({ field: 'year', message: 'Please enter a valid year' });
    }
    expect(validateHistoryFilters({ year: '1000' })).toBeNull();
    expect(validateHistoryFilters({ year: '9999' })).toBeNull();
    expect(validateHistoryFilters({ month: '13', year: '2027' })).toEqual({ field: 'month', message: historyMessages.monthInvalid });
    expect(validateHistoryFilters({ month: '00', year: '2027' })).toEqual({ field: 'month', message: historyMessages.monthInvalid });
    expect(validateHistoryFilters({ month: '7', year: '2027' })).toBeNull();
  });

  it('numbers rows (page − 1) × 5 + index + 1 and shows pages only when there is more than one', () => {
    expect(rowNumber(1, 0)).toBe(1);
    expect(rowNumber(1, 4)).toBe(5);
    expect(rowNumber(2, 0)).toBe(6);
    expect(rowNumber(3, 2)).toBe(13);
    expect(showPagination(0)).toBe(false);
    expect(showPagination(1)).toBe(false);
    expect(showPagination(2)).toBe(true);
  });

  it('gives each status its colour family and an unknown one a neutral style', () => {
    expect(statusTone('Booked')).toBe('booked');
    expect(statusTone('Completed')).toBe('completed');
    expect(statusTone('Cancelled by Patient')).toBe('cancelled');
    expect(statusTone('Cancelled by Doctor')).toBe('cancelled');
    expect(statusTone('No Show')).toBe('no-show');
    expect(statusTone('Expired')).toBe('expired');
    expect(statusTone('Rescheduled')).toBe('neutral');
    expect(statusTone('')).toBe('neutral');
  });

  it("asks the cancellation question in the product's words", () => {
    expect(cancelQuestion('Alex Morgan', '03/03/2027', '9:00 AM')).toBe(
      'Are you sure you want to cancel the appointment with Alex Morgan on 03/03/2027 at 9:00 AM ?',
    );
  });
});
