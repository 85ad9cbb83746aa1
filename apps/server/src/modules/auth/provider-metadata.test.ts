import type { TProviderMetadata } from '@dsm/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createProviderMetadataSource, embeddedProviderMetadata } from './provider-metadata';

const ISSUER = 'https://login.example.org/realms/dsRealm';
const METADATA: TProviderMetadata = { ...embeddedProviderMetadata(ISSUER), revocation_endpoint: undefined };

describe('createProviderMetadataSource', () => {
  it("knows the embedded provider's endpoints without asking anyone", () => {
    const fetchMetadata = vi.fn();
    const source = createProviderMetadataSource({ issuer: ISSUER, isEmbeddedIdp: true }, fetchMetadata);
    expect(source.current()).toMatchObject({
      issuer: ISSUER,
      token_endpoint: `${ISSUER}/protocol/openid-connect/token`,
    });
    expect(fetchMetadata).not.toHaveBeenCalled();
  });

  it("reads an external issuer's document once and answers without waiting for it", async () => {
    let answer: (metadata: TProviderMetadata) => void = () => {};
    const fetchMetadata = vi.fn(() => new Promise<TProviderMetadata | null>((resolve) => (answer = resolve)));
    const source = createProviderMetadataSource({ issuer: ISSUER, isEmbeddedIdp: false }, fetchMetadata);
    expect(source.current()).toBeUndefined();
    answer(METADATA);
    await vi.waitFor(() => expect(source.current()).toEqual(METADATA));
    source.current();
    expect(fetchMetadata).toHaveBeenCalledTimes(1);
  });

  it('leaves the endpoints out after a failed read, and tries again only after a pause', async () => {
    let time = 0;
    const fetchMetadata = vi.fn(async (): Promise<TProviderMetadata | null> => null);
    const source = createProviderMetadataSource({ issuer: ISSUER, isEmbeddedIdp: false }, fetchMetadata, () => time);
    await vi.waitFor(() => expect(fetchMetadata).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    expect(source.current()).toBeUndefined();
    expect(fetchMetadata).toHaveBeenCalledTimes(1);
    fetchMetadata.mockResolvedValueOnce(METADATA);
    time = 31_000;
    source.current();
    await vi.waitFor(() => expect(source.current()).toEqual(METADATA));
    expect(fetchMetadata).toHaveBeenCalledTimes(2);
  });
});
