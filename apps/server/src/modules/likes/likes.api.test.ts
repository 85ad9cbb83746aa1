import { ErrorCode, type TErrorResponse, type TLikeResponse, type TMetadataItem, ZLikeResponse } from '@dsm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { requestAs, signIn } from '../../test/auth';
import { makeOffer } from '../../test/factories';
import { useTestApp } from '../../test/lifecycle';
import { request } from '../../test/test-app';
import { insertOffer } from '../catalogue/load-offers';

const ids = {
  first: '40000000-0000-4000-8000-000000000001',
  second: '40000000-0000-4000-8000-000000000002',
  busy: '40000000-0000-4000-8000-000000000003',
  solo: '40000000-0000-4000-8000-000000000004',
};
const UNKNOWN = '4fffffff-0000-4000-8000-000000000000';

type TUser = { headers: Record<string, string> };

const like = (user: TUser, id: string) =>
  requestAs<TLikeResponse & TErrorResponse>(testApp, user, 'POST', `/api/metadata/like?uuid=${id}`);
const unlike = (user: TUser, id: string) =>
  requestAs<TLikeResponse & TErrorResponse>(testApp, user, 'DELETE', `/api/metadata/like?uuid=${id}`);
const likedIds = async (user: TUser) => (await requestAs<string[]>(testApp, user, 'GET', '/api/metadata/like')).body;
const likeCount = async (user: TUser, id: string) =>
  (await requestAs<TMetadataItem>(testApp, user, 'GET', `/api/metadata/${id}`)).body.likes;

const testApp = useTestApp();

beforeAll(async () => {
  for (const id of Object.values(ids)) await insertOffer(testApp.database.db, makeOffer({ id, title: `Offer ${id}` }));
});

/** A new user who likes the offer, and how many likes it had before. */
async function newLikerOf(offerId: string) {
  const user = await signIn(testApp);
  const before = await likeCount(user, offerId);
  await like(user, offerId);
  return { user, before };
}

describe('likes', () => {
  it('likes an offer, lists it and counts it on the offer', async () => {
    const user = await signIn(testApp);
    expect(await likedIds(user)).toEqual([]);
    const response = await like(user, ids.first);
    expect(response.status).toBe(200);
    expect(ZLikeResponse.parse(response.body)).toEqual({ uuid: ids.first, isLiked: true, likes: 1 });
    expect(await likedIds(user)).toEqual([ids.first]);
    expect(await likeCount(user, ids.first)).toBe(1);
  });

  it('lists the most recent like first', async () => {
    const user = await signIn(testApp);
    await like(user, ids.first);
    await like(user, ids.second);
    expect(await likedIds(user)).toEqual([ids.second, ids.first]);
  });

  it('changes nothing when an offer is liked twice', async () => {
    const { user, before } = await newLikerOf(ids.solo);
    const again = await like(user, ids.solo);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ uuid: ids.solo, isLiked: true, likes: before + 1 });
    expect(await likedIds(user)).toEqual([ids.solo]);
  });

  it('unlikes, and unliking again changes nothing', async () => {
    const { user, before } = await newLikerOf(ids.solo);
    const first = await unlike(user, ids.solo);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ uuid: ids.solo, isLiked: false, likes: before });
    const second = await unlike(user, ids.solo);
    expect(second.status).toBe(200);
    expect(second.body.likes).toBe(before);
    expect(await likedIds(user)).toEqual([]);
  });

  it('keeps likes apart between users', async () => {
    const ada = await signIn(testApp, { email: 'ada@example.org' });
    const bob = await signIn(testApp, { email: 'bob@example.org' });
    await like(ada, ids.second);
    expect(await likedIds(ada)).toEqual([ids.second]);
    expect(await likedIds(bob)).toEqual([]);
    // Bob's unlike must not remove Ada's like.
    await unlike(bob, ids.second);
    expect(await likedIds(ada)).toEqual([ids.second]);
  });

  it('counts concurrent likes of many users exactly', async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => signIn(testApp)));
    const before = await likeCount(users[0]!, ids.busy);
    // Every user likes twice at the same moment: twelve likes, not twenty-four.
    const responses = await Promise.all(users.flatMap((user) => [like(user, ids.busy), like(user, ids.busy)]));
    expect(responses.every((response) => response.status === 200)).toBe(true);
    expect(await likeCount(users[0]!, ids.busy)).toBe(before + 12);
    await Promise.all(users.flatMap((user) => [unlike(user, ids.busy), unlike(user, ids.busy)]));
    expect(await likeCount(users[0]!, ids.busy)).toBe(before);
  });

  it('answers 404 for liking or unliking an unknown offer', async () => {
    const user = await signIn(testApp);
    const liked = await like(user, UNKNOWN);
    expect(liked.status).toBe(404);
    expect(liked.body.code).toBe(ErrorCode.NOT_FOUND);
    const unliked = await unlike(user, UNKNOWN);
    expect(unliked.status).toBe(404);
    expect(unliked.body.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('answers 400 for a uuid that is malformed or missing', async () => {
    const user = await signIn(testApp);
    const malformed = await like(user, 'not-a-uuid');
    expect(malformed.status).toBe(400);
    expect(malformed.body.issues?.[0]?.path).toBe('querystring.uuid');
    const missing = await requestAs<TErrorResponse>(testApp, user, 'DELETE', '/api/metadata/like');
    expect(missing.status).toBe(400);
  });

  it('needs a signed-in user', async () => {
    expect((await like({ headers: {} }, ids.first)).status).toBe(401);
    expect((await request(testApp.baseUrl, 'GET', '/api/metadata/like')).status).toBe(401);
  });
});
