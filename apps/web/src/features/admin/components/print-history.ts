import { rowNumber } from '@careslot/contracts/appointments';
import { currencySymbol, orNA } from '@careslot/contracts/money';
import type { PaymentsHistoryRow } from '@careslot/contracts/staff';

export const HISTORY_COLUMNS = ['#', 'User name', 'Doctor name', 'Date', 'Time', 'Amount', 'Payment method'] as const;

/** A row's cells as the screen, the print view and the CSV show them. */
export function historyCells(row: PaymentsHistoryRow, page: number, index: number): string[] {
  return [
    String(rowNumber(page, index)),
    orNA(row.user_name),
    orNA(row.doctor_name),
    orNA(row.date),
    orNA(row.start_time),
    `${currencySymbol(row.doctor_region)}${row.amount ?? '0.00'}`,
    orNA(row.payment_method),
  ];
}

const PRINT_CSS = `body{font-family:Arial,Helvetica,sans-serif;color:#111;margin:24px}
h1{font-size:20px}table{width:100%;border-collapse:collapse;font-size:13px}
th,td{border:1px solid #999;padding:6px;text-align:left}th{background:#eee}
@media print{body{margin:0}button{display:none}th{background:#eee!important;-webkit-print-color-adjust:exact;print-color-adjust:exact}
tr{page-break-inside:avoid}}`;

/**
 * Fills a window opened for printing with the filtered rows (built as elements, never as HTML strings, so a name in
 * the data cannot become markup) and opens the print dialog.
 */
export function fillPrintWindow(w: Window, rows: PaymentsHistoryRow[], filterText: string): void {
  const d = w.document;
  d.title = 'Appointment History';
  d.documentElement.lang = 'en';
  const style = d.createElement('style');
  style.textContent = PRINT_CSS;
  d.head.appendChild(style);
  const h1 = d.createElement('h1');
  h1.textContent = 'Appointment History';
  const p = d.createElement('p');
  p.textContent = filterText;
  d.body.replaceChildren(h1, p);
  if (rows.length === 0) {
    const empty = d.createElement('p');
    empty.textContent = 'No appointment history found.';
    d.body.appendChild(empty);
  } else {
    const table = d.createElement('table');
    const head = table.createTHead().insertRow();
    for (const c of HISTORY_COLUMNS) {
      const th = d.createElement('th');
      th.scope = 'col';
      th.textContent = c;
      head.appendChild(th);
    }
    const body = table.createTBody();
    rows.forEach((r, i) => {
      const tr = body.insertRow();
      for (const cell of historyCells(r, 1, i)) tr.insertCell().textContent = cell;
    });
    d.body.appendChild(table);
  }
  const button = d.createElement('button');
  button.textContent = 'Print';
  button.addEventListener('click', () => w.print());
  d.body.appendChild(button);
  w.focus();
  w.print();
}
