import { saveOwnOrganisationEndpoint, type TOrganisationInput } from '@dsm/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/call-endpoint';
import { OWN_ORGANISATION_KEY } from './use-organisation';

/**
 * Saves the organisation profile; the answer replaces the loaded one. A file apart from
 * use-organisation.ts: the save's body schema brings the VAT and IBAN checks, which only the
 * profile page needs.
 */
export function useSaveOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TOrganisationInput) => callEndpoint(saveOwnOrganisationEndpoint, { body: input }),
    onSuccess: (answer) => queryClient.setQueryData(OWN_ORGANISATION_KEY, answer),
  });
}
