import {
  alertPreferencesEndpoint,
  changeAlertPreferencesEndpoint,
  createSavedSearchEndpoint,
  markAllReadEndpoint,
  notificationsEndpoint,
  savedSearchesEndpoint,
  type TAlertPreferences,
  type TSavedSearchChange,
  type TSavedSearchInput,
  ZAlertPreferences,
  ZMarkAllReadResponse,
  ZNotification,
  ZNotificationList,
  ZSavedSearch,
  ZSavedSearchList,
} from '@dsm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../shared/api';
import { alertLanguage, NOTIFICATIONS_KEY } from './use-unread-count';

export const SAVED_SEARCHES_KEY = ['saved-searches'] as const;
const PREFERENCES_KEY = ['alert-preferences'] as const;

const savedSearchPath = (id: string) => `/api/saved-searches/${encodeURIComponent(id)}`;

export function useSavedSearches() {
  return useQuery({
    queryKey: SAVED_SEARCHES_KEY,
    queryFn: ({ signal }) => apiFetch({ ...savedSearchesEndpoint, schema: ZSavedSearchList, signal }),
  });
}

export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TSavedSearchInput) =>
      apiFetch({ ...createSavedSearchEndpoint, body: { ...input, language: alertLanguage() }, schema: ZSavedSearch }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SAVED_SEARCHES_KEY }),
  });
}

export function useChangeSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: TSavedSearchChange }) =>
      apiFetch({
        method: 'PATCH',
        path: savedSearchPath(id),
        body: { ...change, language: alertLanguage() },
        schema: ZSavedSearch,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SAVED_SEARCHES_KEY }),
  });
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch({ method: 'DELETE', path: savedSearchPath(id), schema: z.unknown() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SAVED_SEARCHES_KEY }),
  });
}

/** The unread count, asked again every minute and when the window regains focus; tells the server the app's language. */
export function useNotifications(isEnabled: boolean) {
  return useQuery({
    queryKey: [...NOTIFICATIONS_KEY, 'list'],
    enabled: isEnabled,
    queryFn: ({ signal }) =>
      apiFetch({ method: 'GET', path: `${notificationsEndpoint.path}?pageSize=20`, schema: ZNotificationList, signal }),
  });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch({ method: 'POST', path: `/api/notifications/${encodeURIComponent(id)}/read`, schema: ZNotification }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch({ ...markAllReadEndpoint, schema: ZMarkAllReadResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

export function useAlertPreferences() {
  return useQuery({
    queryKey: PREFERENCES_KEY,
    queryFn: ({ signal }) => apiFetch({ ...alertPreferencesEndpoint, schema: ZAlertPreferences, signal }),
  });
}

export function useChangeAlertPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Partial<TAlertPreferences>) =>
      apiFetch({ ...changeAlertPreferencesEndpoint, body: change, schema: ZAlertPreferences }),
    onSuccess: (preferences) => queryClient.setQueryData(PREFERENCES_KEY, preferences),
  });
}
