import type { TDb } from '../../db/database';
import { forgetAccessOf } from '../entitlements/access-cache';

export type TAddAgentMemberOptions = {
  db: TDb;
  /** The publisher agent's '@id'. */
  agentId: string;
  /** The user's id at the identity provider (the token's subject). */
  userId: string;
};

/**
 * Lets a user act for a publisher agent: from then on the user sees that agent's sales and invoices
 * and can mark them paid. Adding an existing membership changes nothing.
 */
export async function addAgentMember(options: TAddAgentMemberOptions): Promise<void> {
  await options.db
    .insertInto('agent_members')
    .values({ agent_id: options.agentId, user_id: options.userId })
    .onConflict((oc) => oc.columns(['agent_id', 'user_id']).doNothing())
    .execute();
  forgetAccessOf(options.userId);
}
