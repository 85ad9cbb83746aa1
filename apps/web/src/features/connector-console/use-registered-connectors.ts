import {
  connectorRegisterEndpoint,
  registeredConnectorListEndpoint,
  type TConnectorRegistrationRequest,
} from '@dsm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../shared/api';
import { callEndpoint } from '../../shared/call-endpoint';

/** The registered connectors with their addresses (operators). */
export function useRegisteredConnectors() {
  return useQuery({
    queryKey: ['registered-connectors'],
    queryFn: ({ signal }) => callEndpoint(registeredConnectorListEndpoint, { signal }),
  });
}

/** Registers and removes connectors; both connector lists reload after a change. */
export function useConnectorRegistration() {
  const queryClient = useQueryClient();
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: ['registered-connectors'] });
    void queryClient.invalidateQueries({ queryKey: ['connectors'] });
  };
  return {
    register: useMutation({
      mutationFn: (body: TConnectorRegistrationRequest) => callEndpoint(connectorRegisterEndpoint, { body }),
      onSuccess: reload,
    }),
    remove: useMutation({
      mutationFn: (connectorId: string) =>
        apiFetch({
          method: 'DELETE',
          path: `/api/connectors/${encodeURIComponent(connectorId)}`,
          schema: z.unknown(),
        }),
      onSuccess: reload,
    }),
  };
}
