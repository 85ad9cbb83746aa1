import type { TOfferInputBody, TOwnOfferDetails } from '@dsm/contracts';
import { expect } from 'vitest';
import type { TSignedIn } from '../../test/auth';
import { request, type TTestApp } from '../../test/test-app';

/**
 * Publishes an offer for the signed-in user as the wizard does (`POST /api/offers`), over real HTTP;
 * fails the test unless it is created (201). Answers the offer as its owner sees it.
 */
export async function publishOffer(
  testApp: TTestApp,
  who: TSignedIn,
  input: TOfferInputBody,
): Promise<TOwnOfferDetails> {
  const response = await request<TOwnOfferDetails>(testApp.baseUrl, 'POST', '/api/offers', input, who.headers);
  expect(response.status).toBe(201);
  return response.body;
}
