import { chargedPrice, ErrorCode, type TCartOffer, type TPurchasedItem } from '@dsm/contracts';
import { AppError, type TIssue } from '../../lib/app-error';

/** One checked order line: what the request named, with the catalogue's terms at this moment. */
export type TOrderLine = {
  position: number;
  productId: string;
  providerId: string;
  providerName: string;
  title: string;
  paymentModel: TCartOffer['paymentModel'];
  /** The net price charged, in euros, from the catalogue (never from the request). */
  price: number;
};

const itemPath = (index: number, field: keyof TPurchasedItem) => `body.purchasedItems.${index}.${field}`;

function fail(code: (typeof ErrorCode)[keyof typeof ErrorCode], issues: TIssue[]): never {
  const first = issues[0]!;
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  throw new AppError(code, `${first.path}: ${first.message}${more}`, issues);
}

/**
 * Repeated offers: an offer can be bought once per order. Checked before anything is read, since
 * it needs only the request. Throws VALIDATION_FAILED naming each repetition.
 */
export function checkNoRepeatedItems(items: readonly TPurchasedItem[]): void {
  const firstIndex = new Map<string, number>();
  const issues: TIssue[] = [];
  items.forEach((item, index) => {
    const key = item.productId.toLowerCase();
    const earlier = firstIndex.get(key);
    if (earlier === undefined) firstIndex.set(key, index);
    else
      issues.push({ path: itemPath(index, 'productId'), message: `offer ${item.productId} repeats item ${earlier}` });
  });
  if (issues.length > 0) fail(ErrorCode.VALIDATION_FAILED, issues);
}

/**
 * Checks every requested item against the catalogue and returns the order lines. Each failure names
 * the items it concerns: unknown offers (NOT_FOUND), offers not for sale (CONFLICT), and a
 * providerId that is not the first dataset's publisher (VALIDATION_FAILED), in that order.
 */
export function checkPurchasedItems(
  items: readonly TPurchasedItem[],
  offers: ReadonlyMap<string, TCartOffer>,
): TOrderLine[] {
  checkNoRepeatedItems(items);
  const offerOf = (item: TPurchasedItem) => offers.get(item.productId.toLowerCase());

  const unknown = items.flatMap((item, index) =>
    offerOf(item) ? [] : [{ path: itemPath(index, 'productId'), message: `offer ${item.productId} does not exist` }],
  );
  if (unknown.length > 0) fail(ErrorCode.NOT_FOUND, unknown);

  const unsellable = items.flatMap((item, index) =>
    offerOf(item)!.isSellable
      ? []
      : [{ path: itemPath(index, 'productId'), message: `offer ${item.productId} is not for sale` }],
  );
  if (unsellable.length > 0) fail(ErrorCode.CONFLICT, unsellable);

  const wrongProvider = items.flatMap((item, index) => {
    const offer = offerOf(item)!;
    if (offer.providerId !== null && offer.providerId === item.providerId) return [];
    return [
      {
        path: itemPath(index, 'providerId'),
        message:
          offer.providerId === null
            ? `offer ${item.productId} has no publisher and cannot be ordered`
            : `${item.providerId} is not the publisher of offer ${item.productId}; its publisher is ${offer.providerId}`,
      },
    ];
  });
  if (wrongProvider.length > 0) fail(ErrorCode.VALIDATION_FAILED, wrongProvider);

  return items.map((item, position) => {
    const offer = offerOf(item)!;
    return {
      position,
      productId: offer['@id'],
      providerId: offer.providerId!,
      providerName: offer.providerName ?? offer.providerId!,
      title: offer.title,
      paymentModel: offer.paymentModel,
      price: chargedPrice(offer.paymentModel, offer.price),
    };
  });
}
