import {
  connectorRegisterEndpoint,
  registeredConnectorListEndpoint,
  type TConnectorRegistrationRequest,
} from '@dsm/contracts';
import { z } from 'zod';
import { apiFetch } from '../../shared/api';
import { callEndpoint } from '../../shared/call-endpoint';
import { useEndpointQuery } from '../../shared/use-endpoint-query';
import { useReloadingMutation } from '../../shared/use-reloading-mutation';

/** The registered connectors with their addresses (operators). */
export function useRegisteredConnectors() {
  return useEndpointQuery(['registered-connectors'], registeredConnectorListEndpoint);
}

/** Registers and removes connectors; both connector lists reload after a change. */
export function useConnectorRegistration() {
  const lists = [['registered-connectors'], ['connectors']];
  return {
    register: useReloadingMutation(
      (body: TConnectorRegistrationRequest) => callEndpoint(connectorRegisterEndpoint, { body }),
      lists,
    ),
    remove: useReloadingMutation(
      (connectorId: string) =>
        apiFetch({ method: 'DELETE', path: `/api/connectors/${encodeURIComponent(connectorId)}`, schema: z.unknown() }),
      lists,
    ),
  };
}
