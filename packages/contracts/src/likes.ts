import { z } from 'zod';
import { ZOfferId } from './metadata';

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

export const likedIdsEndpoint = { method: 'GET', path: '/api/metadata/like' } as const;
export const likeEndpoint = { method: 'POST', path: '/api/metadata/like' } as const;
export const unlikeEndpoint = { method: 'DELETE', path: '/api/metadata/like' } as const;

/** The path of a like or unlike call, for clients. */
export const likePath = (id: string): string => `/api/metadata/like?uuid=${encodeURIComponent(id)}`;
