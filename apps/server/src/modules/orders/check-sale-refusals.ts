import { SALE_REFUSAL_ERRORS, type TSaleRefusal } from '@dsm/contracts';
import { AppError, type TIssue } from '../../lib/app-error';
import type { TOrderLine } from './check-purchased-items';
import { saleRefusalOf, type TSaleFacts } from './find-sale-refusals';

/** What checkout says of an item refused for each reason; the web shows its own text by the error code. */
const REFUSAL_MESSAGES: Record<TSaleRefusal, (title: string) => string> = {
  NOT_SOLD: (title) => `"${title}" is not for sale`,
  FREE_FROM_SOURCE: (title) => `"${title}" is free from its source and cannot be ordered`,
  OWN_OFFER: (title) => `You publish "${title}": your organisation sells it and cannot buy it`,
  ALREADY_YOURS: (title) => `"${title}" is already yours; see My Acquisitions`,
  SELLER_INCOMPLETE: (title) =>
    `"${title}" is not for sale: no organisation with a complete invoice profile (address, VAT ID, bank account) sells it`,
};

/** The error for items refused for one reason, naming each item by its path, id and title. */
export function saleRefusalError(
  refusal: TSaleRefusal,
  items: readonly { position: number; productId: string; title: string }[],
): AppError {
  const issues: TIssue[] = items.map((item) => ({
    path: `body.purchasedItems.${item.position}.productId`,
    message: `offer ${item.productId}: ${REFUSAL_MESSAGES[refusal](item.title)}`,
  }));
  const more = items.length > 1 ? ` (and ${items.length - 1} more)` : '';
  return new AppError(SALE_REFUSAL_ERRORS[refusal], `${REFUSAL_MESSAGES[refusal](items[0]!.title)}${more}`, issues);
}

/**
 * Refuses the order when the sale rule refuses any of its lines (the user's own offer, a paid offer
 * without a complete seller), naming the items of the first reason found in line order.
 */
export function checkSaleRefusals(lines: readonly TOrderLine[], facts: ReadonlyMap<string, TSaleFacts>): void {
  const refused = lines.flatMap((line) => {
    const fact = facts.get(line.productId.toLowerCase());
    const refusal = fact ? saleRefusalOf(fact) : null;
    return refusal ? [{ line, refusal }] : [];
  });
  if (refused.length === 0) return;
  const reason = refused[0]!.refusal;
  throw saleRefusalError(
    reason,
    refused.filter((entry) => entry.refusal === reason).map((entry) => entry.line),
  );
}
