import { describe, expect, it } from 'vitest';
import { ZConnectorOfferId } from './connector';
import { ZConsoleObjectId, ZConsoleObjectParams } from './connector-console';
import { ZConsoleNegotiationRequest, ZConsoleTransferRequest } from './connector-console-dataspace';
import { isWellFormedText, ZWellFormedText } from './text';

describe('well-formed text', () => {
  it('refuses lone surrogates of either half and accepts surrogate pairs', () => {
    expect(isWellFormedText('plain')).toBe(true);
    expect(isWellFormedText('emoji \u{1F600} and \uFFFD')).toBe(true);
    expect(isWellFormedText('\ud800')).toBe(false);
    expect(isWellFormedText('a\udc92b')).toBe(false);
    expect(isWellFormedText('\udc00\ud800')).toBe(false);
    expect(ZWellFormedText.safeParse('x\ud800').success).toBe(false);
  });

  // Each of these reached encodeURIComponent with a lone surrogate and answered 500.
  it('is checked by every id the console and the offer upload send on to a connector, path parameters included', () => {
    expect(ZConsoleObjectId.safeParse('asset-\ud800').success).toBe(false);
    expect(ZConnectorOfferId.safeParse('offer-\ud800').success).toBe(false);
    expect(ZConsoleObjectParams.safeParse({ connectorId: 'edc', objectId: '\udfff' }).success).toBe(false);
    const address = { counterPartyAddress: 'https://provider.example.org/protocol' };
    expect(ZConsoleTransferRequest.safeParse({ ...address, agreementId: 'a\ud800' }).success).toBe(false);
    const negotiation = ZConsoleNegotiationRequest.safeParse({ ...address, datasetId: 'd', offerId: '\ud800' });
    expect(negotiation.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['offerId']);
    expect(ZConsoleObjectId.safeParse('asset-\u{1F600}').success).toBe(true);
  });
});
