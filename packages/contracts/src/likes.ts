import { z } from 'zod';
import { endpointGroup } from './endpoint';
import { ZOfferId } from './metadata';

const likesApi = endpointGroup('likes');

/** Query string of `POST` and `DELETE /api/metadata/like`: the offer to like or unlike. */
export const ZLikeQuerystring = z.object({ uuid: ZOfferId });
export type TLikeQuerystring = z.infer<typeof ZLikeQuerystring>;

/** `GET /api/metadata/like`: the ids of the offers the signed-in user likes, most recent first. */
export const ZLikedIdsResponse = z.array(z.string());
export type TLikedIdsResponse = z.infer<typeof ZLikedIdsResponse>;

/** The answer to a like or an unlike: where the offer stands afterwards. */
export const ZLikeResponse = z.object({
  uuid: z.string(),
  /** Whether the signed-in user likes the offer now. */
  isLiked: z.boolean(),
  /** The offer's like count now, over all users. */
  likes: z.number().int(),
});
export type TLikeResponse = z.infer<typeof ZLikeResponse>;

export const likedIdsEndpoint = likesApi('GET /api/metadata/like', {
  answer: ZLikedIdsResponse,
  summary: "The ids of the signed-in user's liked offers, most recent first",
  errors: [],
});
/** A like and an unlike alike: the offer in the query string, answered with where it stands afterwards. */
const likeCall = { query: ZLikeQuerystring, answer: ZLikeResponse, errors: [400, 404] } as const;
export const likeEndpoint = likesApi('POST /api/metadata/like', {
  ...likeCall,
  summary: 'Like an offer',
  description: 'Idempotent: liking an offer already liked changes nothing. The body is empty.',
});
export const unlikeEndpoint = likesApi('DELETE /api/metadata/like', {
  ...likeCall,
  summary: 'Remove the like of an offer',
  description: 'Idempotent: unliking an offer not liked changes nothing; an unknown offer is a 404.',
});
