import { describe, expect, it } from 'vitest';
import { historyCells } from './print-history';

const row = {
  id: 'b1',
  user_id: 'u1',
  user_name: 'Alex Morgan',
  doctor_name: 'Dr Who',
  doctor_region: 'usa',
  date: '01/03/2026',
  start_time: '9:30 AM',
  amount: '45.00',
  payment_method: 'stripe',
  status: 'Booked',
};

describe('Appointment History cells', () => {
  it('numbers rows (page-1)*5 + index + 1 and shows the region currency', () => {
    expect(historyCells(row, 3, 1)).toEqual(['12', 'Alex Morgan', 'Dr Who', '01/03/2026', '9:30 AM', '$45.00', 'stripe']);
    expect(historyCells({ ...row, doctor_region: 'uk' }, 1, 0)[5]).toBe('£45.00');
    expect(historyCells({ ...row, doctor_region: 'india' }, 1, 0)[5]).toBe('₹45.00');
  });
  it("shows 'N/A' for missing values and '0.00' for a missing amount", () => {
    const cells = historyCells(
      { ...row, user_name: null, doctor_name: null, date: null, start_time: null, amount: null, payment_method: null, doctor_region: null },
      1,
      0,
    );
    expect(cells).toEqual(['1', 'N/A', 'N/A', 'N/A', 'N/A', '₹0.00', 'N/A']);
  });
});
