/** What other features use of the watchlist: the liked offers as a list, and liking. */
export { LikedOfferList } from './LikedOfferList';
export { useLikedIds, useToggleLike } from './use-likes';
