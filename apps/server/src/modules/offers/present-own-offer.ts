import {
  DEFAULT_CURRENCY,
  type TOfferInput,
  type TOwnOffer,
  type TOwnOfferDetails,
  type TPublishFailure,
} from '@dsm/contracts';
import type { TOwnOfferRow } from '../catalogue/own-offer-repository';

const iso = (value: Date): string => value.toISOString();

/** The fields of an own offer that leave the server, for 'My offerings'. */
export function presentOwnOffer(row: TOwnOfferRow): TOwnOffer {
  const price = Number(row.price);
  return {
    '@id': row.id,
    title: row.title,
    state: row.state === 'ACTIVE' ? 'PUBLISHED' : 'UNPUBLISHED',
    pricingOption: (row.pricing_option ?? (price > 0 ? 'PAID' : 'FREE')) as TOwnOffer['pricingOption'],
    contentType: (row.content_type ?? 'DATA') as TOwnOffer['contentType'],
    accessType: (row.access_type ?? 'DIRECT') as TOwnOffer['accessType'],
    paymentModel: row.payment_model as TOwnOffer['paymentModel'],
    price,
    currency: row.currency ?? DEFAULT_CURRENCY,
    categories: row.categories,
    endpointCount: row.endpoint_count,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    publishFailure: (row.publish_failure as TPublishFailure | null) ?? null,
  };
}

/** An own offer with the wizard input to edit it. */
export function presentOwnOfferDetails(row: TOwnOfferRow, input: TOfferInput): TOwnOfferDetails {
  return { ...presentOwnOffer(row), input };
}
