import { ErrorCode } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { TAuthUser } from '../auth/verify-access-token';
import { operatorRoleOf } from '../harvest/operator-policy';
import { isAgentMember } from './invoices-repository';

/**
 * Who may do what with orders and invoices, in one place. A buyer acts only for themself; a
 * supplier is whoever is a member of the invoice's publisher agent.
 */

/** A payment order is placed for the signed-in user only. */
export function assertIsConsumer(user: TAuthUser, consumerId: string): void {
  if (consumerId !== user.id) {
    throw new AppError(ErrorCode.FORBIDDEN, "consumerId must be the signed-in user's id", [
      { path: 'body.consumerId', message: 'is not the signed-in user' },
    ]);
  }
}

/** Only the buyer sees an order. */
export function assertMayReadOrder(user: TAuthUser, order: { consumerId: string; id: string }): void {
  if (order.consumerId !== user.id) throw new AppError(ErrorCode.FORBIDDEN, `Order ${order.id} is not yours`);
}

/** The invoice's buyer and the members of its supplier may read (and download) it. */
export async function assertMayReadInvoice(
  db: TDb,
  user: TAuthUser,
  invoice: { id: string; supplierId: string; buyerId: string },
): Promise<void> {
  if (invoice.buyerId === user.id) return;
  if (await isAgentMember(db, invoice.supplierId, user.id)) return;
  throw new AppError(ErrorCode.FORBIDDEN, `Invoice ${invoice.id} is neither to nor from you`);
}

/** Only the supplier's members record that an invoice was paid; the buyer cannot. */
export async function assertMaySettleInvoice(
  db: TDb,
  user: TAuthUser,
  invoice: { id: string; supplierId: string },
): Promise<void> {
  if (await isAgentMember(db, invoice.supplierId, user.id)) return;
  throw new AppError(ErrorCode.FORBIDDEN, `Only the supplier can mark invoice ${invoice.id} paid`);
}

/** Whether the user holds the operator role (`${PRODUCT_ID}_OPERATOR`): the marketplace's own staff. */
export function isOperator(user: TAuthUser, productId: string): boolean {
  return user.roles.includes(operatorRoleOf(productId));
}

/** Only the operator records that a commission invoice was paid to the marketplace. */
export function assertMaySettleCommissionInvoice(user: TAuthUser, productId: string): void {
  if (!isOperator(user, productId)) {
    throw new AppError(
      ErrorCode.FORBIDDEN,
      `Recording commission payments needs the role ${operatorRoleOf(productId)}`,
    );
  }
}

/**
 * Only the members of the supplier a commission invoice bills, and the operator who issued it, may
 * read it; the buyer of the sale may not.
 */
export async function assertMayReadCommissionInvoice(
  db: TDb,
  user: TAuthUser,
  invoice: { id: string; supplierId: string; isOperator: boolean },
): Promise<void> {
  if (invoice.isOperator) return;
  if (await isAgentMember(db, invoice.supplierId, user.id)) return;
  throw new AppError(ErrorCode.FORBIDDEN, `Commission invoice ${invoice.id} is not billed to you`);
}

/** Only the buyer who holds a subscription cancels it. */
export function assertMayCancelSubscription(user: TAuthUser, subscription: { id: string; userId: string }): void {
  if (subscription.userId !== user.id) {
    throw new AppError(ErrorCode.FORBIDDEN, `Subscription ${subscription.id} is not yours`);
  }
}
