import { appConfigEndpoint, type TOperator, ZAppConfig } from '@dsm/contracts';
import { useQuery } from '@tanstack/react-query';

async function fetchOperator(): Promise<TOperator> {
  const response = await fetch(appConfigEndpoint.path, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return ZAppConfig.parse(await response.json()).operator;
}

/**
 * The operator's details from the server's configuration, read from the open app settings so the
 * legal pages work without sign-in; they change only with a restart, hence never stale.
 */
export function useOperator() {
  return useQuery({
    queryKey: ['app-config', 'operator'],
    queryFn: fetchOperator,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
