import type { TAgent, TOffer } from '@dsm/contracts';

/** How a publisher is named: its name, else first and last name; null when the catalogue gives neither. */
export function agentName(agent: TAgent): string | null {
  const name = agent['foaf:name'] ?? [agent['foaf:firstName'], agent['foaf:lastName']].filter(Boolean).join(' ');
  return name.trim() || null;
}

/** The publisher of an offer (that of its first dataset), when it has one. */
export function offerPublisher(offer: TOffer): TAgent | null {
  return offer.datasets[0]?.['dcterms:publisher'] ?? null;
}
