import {
  alertPreferencesEndpoint,
  changeAlertPreferencesEndpoint,
  changeSavedSearchEndpoint,
  createSavedSearchEndpoint,
  deleteSavedSearchEndpoint,
  markAllReadEndpoint,
  markReadEndpoint,
  notificationsEndpoint,
  savedSearchesEndpoint,
  type TAlertPreferences,
  type TSavedSearchChange,
  type TSavedSearchInput,
} from '@dsm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/call-endpoint';
import { useEndpointQuery } from '../../shared/use-endpoint-query';
import { useReloadingMutation } from '../../shared/use-reloading-mutation';
import { alertLanguage, NOTIFICATIONS_KEY } from './use-unread-count';

export const SAVED_SEARCHES_KEY = ['saved-searches'] as const;
const PREFERENCES_KEY = ['alert-preferences'] as const;

export function useSavedSearches() {
  return useEndpointQuery(SAVED_SEARCHES_KEY, savedSearchesEndpoint);
}

export function useCreateSavedSearch() {
  return useReloadingMutation(
    (input: TSavedSearchInput) =>
      callEndpoint(createSavedSearchEndpoint, { body: { ...input, language: alertLanguage() } }),
    [SAVED_SEARCHES_KEY],
  );
}

export function useChangeSavedSearch() {
  return useReloadingMutation(
    ({ id, change }: { id: string; change: TSavedSearchChange }) =>
      callEndpoint(changeSavedSearchEndpoint, { params: { id }, body: { ...change, language: alertLanguage() } }),
    [SAVED_SEARCHES_KEY],
  );
}

export function useDeleteSavedSearch() {
  return useReloadingMutation(
    (id: string) => callEndpoint(deleteSavedSearchEndpoint, { params: { id } }),
    [SAVED_SEARCHES_KEY],
  );
}

/** The unread count, asked again every minute and when the window regains focus; tells the server the app's language. */
export function useNotifications(isEnabled: boolean) {
  return useQuery({
    queryKey: [...NOTIFICATIONS_KEY, 'list'],
    enabled: isEnabled,
    queryFn: ({ signal }) => callEndpoint(notificationsEndpoint, { query: { pageSize: 20 }, signal }),
  });
}

export function useMarkRead() {
  return useReloadingMutation((id: string) => callEndpoint(markReadEndpoint, { params: { id } }), [NOTIFICATIONS_KEY]);
}

export function useMarkAllRead() {
  return useReloadingMutation(() => callEndpoint(markAllReadEndpoint), [NOTIFICATIONS_KEY]);
}

export function useAlertPreferences() {
  return useEndpointQuery(PREFERENCES_KEY, alertPreferencesEndpoint);
}

export function useChangeAlertPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Partial<TAlertPreferences>) => callEndpoint(changeAlertPreferencesEndpoint, { body: change }),
    onSuccess: (preferences) => queryClient.setQueryData(PREFERENCES_KEY, preferences),
  });
}
