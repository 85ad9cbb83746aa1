/**
 * The ids an offer's objects get on its connector: stable, so publishing again updates them, and delivery
 * negotiates for the objects publishing created.
 */
export function connectorIdsOf(offerId: string, endpointCount: number) {
  return {
    assetIds: Array.from({ length: endpointCount }, (_, position) => `dsm-${offerId}-${position}`),
    policyId: `dsm-${offerId}-policy`,
    contractDefinitionId: `dsm-${offerId}`,
  };
}
