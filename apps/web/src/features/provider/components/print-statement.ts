import type { EarningsResponse } from '@careslot/contracts/payouts';

export const STATEMENT_COLUMNS = ['Date', 'Booking reference', 'Patient', 'Description', 'Gross', 'Fee', 'Refund', 'Net'] as const;

const PRINT_CSS = `body{font:14px system-ui,sans-serif;color:#111;margin:24px}h1{font-size:20px;margin:0 0 4px}
p{margin:0 0 12px}table{border-collapse:collapse;width:100%}th,td{border:1px solid #999;padding:4px 6px;text-align:left}
td.num,th.num{text-align:right}tfoot td{font-weight:700}`;

/** Writes a month's statement into a print window (text only, never HTML from the data) and opens the print dialog. */
export function fillStatementWindow(w: Window, data: EarningsResponse, monthLabel: string, providerName: string): void {
  const d = w.document;
  d.title = `Statement ${monthLabel}`;
  d.documentElement.lang = 'en';
  const style = d.createElement('style');
  style.textContent = PRINT_CSS;
  d.head.appendChild(style);
  const h1 = d.createElement('h1');
  h1.textContent = `CareSlot statement, ${monthLabel}`;
  const p = d.createElement('p');
  p.textContent = `${providerName} · amounts in ${data.currency}`;
  d.body.replaceChildren(h1, p);
  const table = d.createElement('table');
  const head = table.createTHead().insertRow();
  STATEMENT_COLUMNS.forEach((c, i) => {
    const th = d.createElement('th');
    th.scope = 'col';
    th.textContent = c;
    if (i >= 4) th.className = 'num';
    head.appendChild(th);
  });
  const body = table.createTBody();
  for (const r of data.entries) {
    const tr = body.insertRow();
    [r.date, r.booking_id ?? '', r.patient_first_name, r.description, r.gross, r.fee, r.refund, r.net].forEach((text, i) => {
      const td = tr.insertCell();
      td.textContent = text;
      if (i >= 4) td.className = 'num';
    });
  }
  const foot = table.createTFoot().insertRow();
  ['Total', '', '', '', data.totals.gross, data.totals.fee, data.totals.refund, data.totals.net].forEach((text, i) => {
    const td = foot.insertCell();
    td.textContent = text;
    if (i >= 4) td.className = 'num';
  });
  d.body.appendChild(table);
  w.focus();
  w.print();
}
