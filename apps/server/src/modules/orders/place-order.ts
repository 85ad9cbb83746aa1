import { createHash } from 'node:crypto';
import { checkoutPrice, ErrorCode, type TInvoiceParty, type TOrder, type TPaymentRequest } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { TAuthUser } from '../auth/verify-access-token';
import { forgetAccessOf } from '../entitlements/access-cache';
import { grantEntitlements } from '../entitlements/grant-entitlements';
import { takeHoldings } from '../entitlements/take-holdings';
import { assertMayBuy } from '../organisations/organisation-policy';
import { presentInvoiceParty } from '../organisations/present-organisation';
import { checkNoRepeatedItems, checkPurchasedItems } from './check-purchased-items';
import { checkSaleRefusals, saleRefusalError } from './check-sale-refusals';
import { checkUsageRestrictions } from './check-usage-restrictions';
import { findSaleFacts } from './find-sale-refusals';
import { getOrderById } from './get-order';
import { addMonths, orderPayBy } from './invoice-dates';
import { issueCommissionInvoices } from './issue-commission-invoices';
import { issueInvoices } from './issue-invoices';
import { loadOffersForSale } from './load-offers-for-sale';
import { settleOrderState } from './order-state';
import { findOrderByIdempotencyKey, insertOrder, insertOrderItems, markInvoicesPaid } from './orders-repository';
import { payByInvoice } from './pay-by-invoice';
import type { TPaymentProvider } from './payment-port';

export type TPlaceOrderOptions = {
  db: TDb;
  /** The signed-in buyer; the policy has checked that the request's consumerId is this user. */
  user: TAuthUser;
  request: TPaymentRequest;
  /** The Idempotency-Key header, when the client sent one. */
  idempotencyKey?: string | undefined;
  /** The marketplace's commission as a fraction of each invoice's net amount. */
  commissionRate: number;
  /** The marketplace as issuer of the commission invoices; none are issued without it. */
  marketplace?: TInvoiceParty;
  /** How the order is paid; the invoice (bank transfer) by default. */
  payment?: TPaymentProvider;
  /** The moment of the order; tests pass a fixed one. */
  now?: Date;
};

/** The order, and whether it is an earlier order answered again for a retried request. */
export type TPlacedOrder = { order: TOrder; isReplay: boolean };

/** Thrown inside the transaction when a concurrent request took the idempotency key first. */
class IdempotencyKeyTaken extends Error {}

/** The same request gives the same fingerprint: only the fields the order is made of count. */
function fingerprintOf(request: TPaymentRequest): string {
  const canonical = JSON.stringify({
    consumerId: request.consumerId,
    purchasedItems: request.purchasedItems.map((item) => [item.productId.toLowerCase(), item.providerId]),
  });
  return createHash('sha256').update(canonical).digest('hex');
}

async function replay(db: TDb, user: TAuthUser, key: string, fingerprint: string): Promise<TPlacedOrder | null> {
  const earlier = await findOrderByIdempotencyKey(db, user.id, key);
  if (!earlier) return null;
  if (earlier.request_fingerprint !== fingerprint) {
    throw new AppError(
      ErrorCode.CONFLICT,
      'This Idempotency-Key was already used for a different order; use a new key for a new order',
      [{ path: 'headers.idempotency-key', message: 'was used for a different order' }],
    );
  }
  return { order: await getOrderById(db, earlier.id), isReplay: true };
}

/**
 * Places an order in one transaction, for a buyer whose organisation profile is filled in (else
 * ORGANISATION_INCOMPLETE): checks every item against the catalogue (it exists, is for
 * sale, names its first dataset's publisher, does not repeat) and the sale rule (not the buyer's own
 * offer, OWN_OFFER; a paid one has a seller with a complete invoice profile, SELLER_INCOMPLETE; not
 * held already, OFFER_ALREADY_YOURS, decided by the holdings' unique index also under races), stores the order and its lines with
 * the catalogue's prices, payment models and licences of this moment, grants the buyer an
 * entitlement per paid offer, issues one invoice per supplier of the subscriptions' first months, and
 * hands the invoices to the payment provider. Free and metered offers are invoiced nothing here (an
 * order of only those has no invoice and is settled at once). Prices in the request are never read.
 *
 * With an idempotency key, a request the same user already made answers that first order (also
 * when both arrive at once); the key with a different body is a CONFLICT.
 */
export async function placeOrder(options: TPlaceOrderOptions): Promise<TPlacedOrder> {
  const { db, user, request, idempotencyKey, commissionRate } = options;
  const payment = options.payment ?? payByInvoice;
  const now = options.now ?? new Date();
  const fingerprint = fingerprintOf(request);

  if (idempotencyKey) {
    const earlier = await replay(db, user, idempotencyKey, fingerprint);
    if (earlier) return earlier;
  }
  checkNoRepeatedItems(request.purchasedItems);
  const buyer = presentInvoiceParty(await assertMayBuy(db, user.id), { withBankAccount: false });

  try {
    const orderId = await db.transaction().execute(async (trx) => {
      const offers = await loadOffersForSale(
        trx,
        request.purchasedItems.map((item) => item.productId),
      );
      const lines = checkPurchasedItems(request.purchasedItems, offers);
      checkSaleRefusals(lines, await findSaleFacts({ db: trx, userId: user.id, offers, withHoldings: false }));
      await checkUsageRestrictions(trx, lines, buyer);
      const id = await insertOrder(trx, {
        consumer_id: user.id,
        consumer_name: user.name,
        consumer_email: user.email,
        payment_method: payment.method,
        idempotency_key: idempotencyKey ?? null,
        request_fingerprint: fingerprint,
        created_at: now,
        pay_by: orderPayBy(now),
      });
      if (!id) throw new IdempotencyKeyTaken();
      await insertOrderItems(
        trx,
        lines.map((line) => ({
          order_id: id,
          position: line.position,
          offer_id: line.productId,
          provider_id: line.providerId,
          provider_name: line.providerName,
          title: line.title,
          payment_model: line.paymentModel,
          price: line.price,
          invoice_id: null,
          licence: offers.get(line.productId.toLowerCase())?.licence ?? null,
        })),
      );
      const entitlements = await grantEntitlements({
        db: trx,
        userId: user.id,
        orderId: id,
        lines: lines.map((line) => ({ offerId: line.productId, paymentModel: line.paymentModel, price: line.price })),
        startsAt: now,
        subscriptionEndsAt: addMonths(now, 1),
      });
      // Taken before the invoice numbers: a second checkout of an offer this buyer holds waits here for
      // the first to commit and then fails, and never holds an invoice number range meanwhile.
      const endOf = new Map(entitlements.map((row) => [row.offer_id, row.ends_at]));
      const held = await takeHoldings({
        db: trx,
        userId: user.id,
        orderId: id,
        now,
        lines: lines.map((line) => ({
          offerId: line.productId,
          paymentModel: line.paymentModel,
          // A running subscription is held until cancelled or unpaid, however its periods move.
          endsAt: line.paymentModel === 'SUBSCRIPTION_BASED' ? null : (endOf.get(line.productId.toLowerCase()) ?? null),
        })),
      });
      if (held.size > 0) {
        throw saleRefusalError(
          'ALREADY_YOURS',
          lines.filter((line) => held.has(line.productId.toLowerCase())),
        );
      }
      // Checkout bills the first month of a subscription only: metered offers are invoiced monthly
      // from their usage, free ones never.
      const invoiced = lines.filter((line) => checkoutPrice(line.paymentModel, line.price) > 0);
      const invoices = await issueInvoices({
        db: trx,
        orderId: id,
        lines: invoiced,
        buyer,
        issuedAt: now,
        commissionRate,
      });
      if (options.marketplace) {
        await issueCommissionInvoices({ db: trx, invoices, marketplace: options.marketplace, issuedAt: now });
      }
      const outcome = await payment.collect({ db: trx, orderId: id, consumerId: user.id, invoices, now });
      await markInvoicesPaid(trx, outcome.paidInvoiceIds, now, `payment:${payment.method}`);
      await settleOrderState(trx, id, now);
      return id;
    });
    // Committed: the buyer's next page shows what they bought, whatever this process kept of their access.
    forgetAccessOf(user.id);
    return { order: await getOrderById(db, orderId), isReplay: false };
  } catch (error) {
    if (error instanceof IdempotencyKeyTaken && idempotencyKey) {
      const earlier = await replay(db, user, idempotencyKey, fingerprint);
      if (earlier) return earlier;
    }
    throw error;
  }
}
