import { connectorIdOf, type TConnector } from '@dsm/contracts';
import { EMPTY_FILTER, resultsPath } from '../../shared/search/results-params';

/** One entry of the 'Choose Connector' select: the connector id as the value, its name as the label. */
export type TConnectorOption = { value: string; label: string };

/**
 * The connectors as select options. The id is the last path segment of the URL, as the portal names connectors; a
 * connector whose URL yields no id cannot be asked for offers, so it is left out (and logged, for the operator).
 */
export function connectorOptions(connectors: readonly TConnector[]): TConnectorOption[] {
  const options: TConnectorOption[] = [];
  for (const connector of connectors) {
    const id = connectorIdOf(connector.url);
    if (id === null) {
      console.warn(`Connector '${connector.name}' is left out: its URL ${connector.url} names no connector id`);
      continue;
    }
    options.push({ value: id, label: connector.name });
  }
  return options;
}

/** The search that finds an uploaded offer: its title as one phrase. */
export function uploadedOfferSearchPath(title: string): string {
  const phrase = title.replaceAll('"', ' ').replace(/\s+/g, ' ').trim();
  return resultsPath({ terms: [`"${phrase}"`], filter: EMPTY_FILTER });
}
