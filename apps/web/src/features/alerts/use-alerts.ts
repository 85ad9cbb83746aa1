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
import { alertLanguage, NOTIFICATIONS_KEY } from './use-unread-count';

export const SAVED_SEARCHES_KEY = ['saved-searches'] as const;
const PREFERENCES_KEY = ['alert-preferences'] as const;

export function useSavedSearches() {
  return useQuery({
    queryKey: SAVED_SEARCHES_KEY,
    queryFn: ({ signal }) => callEndpoint(savedSearchesEndpoint, { signal }),
  });
}

export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TSavedSearchInput) =>
      callEndpoint(createSavedSearchEndpoint, { body: { ...input, language: alertLanguage() } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SAVED_SEARCHES_KEY }),
  });
}

export function useChangeSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: TSavedSearchChange }) =>
      callEndpoint(changeSavedSearchEndpoint, { params: { id }, body: { ...change, language: alertLanguage() } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SAVED_SEARCHES_KEY }),
  });
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(deleteSavedSearchEndpoint, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SAVED_SEARCHES_KEY }),
  });
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(markReadEndpoint, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(markAllReadEndpoint),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

export function useAlertPreferences() {
  return useQuery({
    queryKey: PREFERENCES_KEY,
    queryFn: ({ signal }) => callEndpoint(alertPreferencesEndpoint, { signal }),
  });
}

export function useChangeAlertPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Partial<TAlertPreferences>) => callEndpoint(changeAlertPreferencesEndpoint, { body: change }),
    onSuccess: (preferences) => queryClient.setQueryData(PREFERENCES_KEY, preferences),
  });
}
