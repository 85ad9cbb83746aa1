import { invoicePdfPath, type TBilledInvoice } from '@dsm/contracts';
import type { TBilledInvoiceRow } from './invoices-repository';

/** An invoice as its buyer sees it: an open one past its due date is overdue. */
export function presentBilledInvoice(row: TBilledInvoiceRow, now: Date): TBilledInvoice {
  const isOverdue = row.state === 'open' && row.due_at <= now;
  return {
    id: row.id,
    number: row.number,
    state: isOverdue ? 'overdue' : (row.state as TBilledInvoice['state']),
    issuedAt: row.issued_at.toISOString(),
    dueAt: row.due_at.toISOString(),
    paidAt: row.paid_at?.toISOString() ?? null,
    gross: Number(row.gross),
    pdfPath: invoicePdfPath(row.id),
  };
}
