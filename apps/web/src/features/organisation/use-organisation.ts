import { ownOrganisationEndpoint, saveOwnOrganisationEndpoint, type TOrganisationInput } from '@dsm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/call-endpoint';

const KEY = ['organisation'] as const;

/**
 * The signed-in user's organisation and whether it is complete enough to buy and to sell; read once
 * `isEnabled` (a page may ask for it only after showing its own data).
 */
export function useOwnOrganisation(isEnabled = true) {
  return useQuery({
    queryKey: KEY,
    enabled: isEnabled,
    queryFn: ({ signal }) => callEndpoint(ownOrganisationEndpoint, { signal }),
  });
}

/** Saves the organisation profile; the answer replaces the loaded one. */
export function useSaveOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TOrganisationInput) => callEndpoint(saveOwnOrganisationEndpoint, { body: input }),
    onSuccess: (answer) => queryClient.setQueryData(KEY, answer),
  });
}
