import type { SandboxFetch } from './outbound';
import type { Scheduler } from './scheduler';
import type { Store } from './store';

/** The seven addresses of a sandbox connector. */
export interface SandboxAddresses {
  /** The default API: health checks under `/check/...`. */
  default: string;
  /** The dataspace protocol (DSP) address other connectors call. */
  protocol: string;
  /** The management API (`/v3/...` and `/v4/...`). */
  management: string;
  /** The control API (nothing is served there yet). */
  control: string;
  /** The public data plane that serves data through an EDR token. */
  public: string;
  /** The federated catalog (`/v1alpha/catalog/query`). */
  federatedCatalog: string;
  /** The version API (`/v1/version`), on a context of its own as in EDC (`/.well-known/version`). */
  version: string;
}

export interface SandboxContext {
  participantId: string;
  apiKey: string | undefined;
  verifyBearerToken: ((token: string) => boolean | Promise<boolean>) | undefined;
  /** Known once the server listens. */
  addresses: SandboxAddresses;
  store: Store;
  scheduler: Scheduler;
  catalogId: string;
  dataServiceId: string;
  federatedCatalogNodes: () => string[];
  /** Every outbound request goes through it, with redirects refused (`fetchWithoutRedirects`). */
  fetch: SandboxFetch;
}
