import { lazyContract } from '../../shared/lazy-contract';

/**
 * The results page's contracts (search-contracts.ts), loaded apart from the page: the page draws the
 * first answer without them and checks it once they are in (shared/query-endpoint-early.ts).
 */
export const searchContracts = lazyContract(() => import('./search-contracts'));

/** The results page's contracts, once loaded. */
export type TSearchContracts = typeof import('./search-contracts');
