import { crawlConnectorEndpoint, crawlRunListEndpoint } from '@dsm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/call-endpoint';

const crawlsKey = (connectorId: string) => ['connector-crawls', connectorId] as const;

/** A connector's last crawls, newest first (operators). */
export function useCrawlRuns(connectorId: string) {
  return useQuery({
    queryKey: crawlsKey(connectorId),
    queryFn: ({ signal }) => callEndpoint(crawlRunListEndpoint, { params: { connectorId }, signal }),
  });
}

/** 'Crawl now': answers the finished run; the connector's runs reload after it, failed or not. */
export function useCrawlNow(connectorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(crawlConnectorEndpoint, { params: { connectorId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: crawlsKey(connectorId) }),
  });
}
