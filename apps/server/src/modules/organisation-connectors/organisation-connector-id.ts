/**
 * The id an organisation's connector has among the marketplace's connectors: fixed per organisation, so editing
 * the addresses or the participant id keeps the deliveries that name it.
 */
export function organisationConnectorIdOf(organisationId: string): string {
  return `org-${organisationId}`;
}

/**
 * The URL its `connectors` row is listed with: the management address's origin followed by the id, so the id is the
 * URL's last path segment as for every connector. Calls use the registered management and DSP addresses.
 */
export function organisationConnectorUrlOf(organisationId: string, managementUrl: string): string {
  return `${new URL(managementUrl).origin}/${organisationConnectorIdOf(organisationId)}`;
}
