import type { TPaymentMethod } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import type { TInvoiceRow } from './orders-repository';

/** What a payment provider is asked to collect: the order's freshly issued invoices. */
export type TPaymentRequest = {
  /** The order's transaction: a provider that refuses (throws) rolls the whole order back. */
  db: TDb;
  orderId: string;
  consumerId: string;
  invoices: readonly TInvoiceRow[];
  now: Date;
};

/** What came of it: the invoices that are paid already; the others stay open until paid. */
export type TPaymentOutcome = { paidInvoiceIds: string[] };

/**
 * The payment step of an order, a port so that a card provider can be added next to the built-in
 * invoice without touching how orders are placed. It runs after the invoices are issued, inside
 * the order's transaction.
 */
export type TPaymentProvider = {
  readonly method: TPaymentMethod;
  collect(request: TPaymentRequest): Promise<TPaymentOutcome>;
};
