import {
  organisationConnectorEndpoint,
  removeOrganisationConnectorEndpoint,
  saveOrganisationConnectorEndpoint,
  type TOrganisationConnectorInput,
  type TOrganisationConnectorResponse,
} from '@dsm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/call-endpoint';

const keyOf = (organisationId: string) => ['organisation-connector', organisationId] as const;

/** The organisation's own connector (null when it has none). */
export function useOrganisationConnector(organisationId: string) {
  return useQuery({
    queryKey: keyOf(organisationId),
    queryFn: ({ signal }) => callEndpoint(organisationConnectorEndpoint, { params: { organisationId }, signal }),
  });
}

/** Registers or changes the organisation's connector; the server checks it first. The answer replaces the loaded one. */
export function useSaveOrganisationConnector(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TOrganisationConnectorInput) =>
      callEndpoint(saveOrganisationConnectorEndpoint, { params: { organisationId }, body }),
    onSuccess: (answer) =>
      queryClient.setQueryData<TOrganisationConnectorResponse>(keyOf(organisationId), { connector: answer.connector }),
  });
}

/** Removes the organisation's connector. */
export function useRemoveOrganisationConnector(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(removeOrganisationConnectorEndpoint, { params: { organisationId } }),
    onSuccess: () =>
      queryClient.setQueryData<TOrganisationConnectorResponse>(keyOf(organisationId), { connector: null }),
  });
}
