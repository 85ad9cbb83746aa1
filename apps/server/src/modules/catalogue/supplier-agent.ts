/** The user a published offer belongs to, as the auth guard knows them. */
export type TSupplier = { id: string; email: string; name: string };

/** How the ids of the agents that stand for marketplace users begin. */
export const SUPPLIER_AGENT_PREFIX = 'urn:dsm:supplier:';

/** The agent id standing for a supplier as publisher: one per user, stable across their offers. */
export function supplierAgentId(userId: string): string {
  return `${SUPPLIER_AGENT_PREFIX}${encodeURIComponent(userId)}`;
}
