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
  unreadCountEndpoint,
  ZAlertPreferences,
  ZAlertPreferencesChange,
  ZErrorResponse,
  ZMarkAllReadResponse,
  ZNotification,
  ZNotificationList,
  ZNotificationListQuery,
  ZNotificationParams,
  ZSavedSearch,
  ZSavedSearchChange,
  ZSavedSearchInput,
  ZSavedSearchList,
  ZSavedSearchParams,
  ZUnreadCount,
  ZUnreadCountQuery,
} from '@dsm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeSavedSearch } from './change-saved-search';
import { countUnreadNotifications } from './count-unread-notifications';
import { createSavedSearch } from './create-saved-search';
import { deleteSavedSearch } from './delete-saved-search';
import { listNotifications } from './list-notifications';
import { listSavedSearches } from './list-saved-searches';
import { markAllNotificationsRead } from './mark-all-notifications-read';
import { markNotificationRead } from './mark-notification-read';
import { findRecipient, rememberRecipient, updateRecipientAlerts } from './recipients-repository';

const errors = { 400: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse };

/**
 * Saved searches, notifications and alert preferences belong to the signed-in user: every call reads and
 * changes only `request.user.id`'s; another user's saved search or notification is a 404, as if it did not exist.
 */
export const alertRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.route({
    method: savedSearchesEndpoint.method,
    url: savedSearchesEndpoint.path,
    schema: { tags: ['alerts'], summary: "The signed-in user's saved searches", response: { 200: ZSavedSearchList } },
    handler: async (request) => listSavedSearches(db, request.user.id),
  });

  app.route({
    method: createSavedSearchEndpoint.method,
    url: createSavedSearchEndpoint.path,
    schema: {
      tags: ['alerts'],
      summary: 'Save a search',
      description: 'At most 50 per user, names unique per user (409 otherwise).',
      body: ZSavedSearchInput,
      response: { 201: ZSavedSearch, ...errors },
    },
    handler: async (request, reply) => {
      reply.code(201);
      return createSavedSearch({ db, user: request.user, input: request.body });
    },
  });

  app.route({
    method: changeSavedSearchEndpoint.method,
    url: changeSavedSearchEndpoint.path,
    schema: {
      tags: ['alerts'],
      summary: 'Rename a saved search or turn its alerts on or off',
      params: ZSavedSearchParams,
      body: ZSavedSearchChange,
      response: { 200: ZSavedSearch, ...errors },
    },
    handler: async (request) =>
      changeSavedSearch({ db, user: request.user, id: request.params.id, change: request.body }),
  });

  app.route({
    method: deleteSavedSearchEndpoint.method,
    url: deleteSavedSearchEndpoint.path,
    schema: {
      tags: ['alerts'],
      summary: 'Delete a saved search',
      params: ZSavedSearchParams,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await deleteSavedSearch(db, request.user.id, request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.route({
    method: notificationsEndpoint.method,
    url: notificationsEndpoint.path,
    schema: {
      tags: ['alerts'],
      summary: "A page of the signed-in user's notifications, newest first",
      querystring: ZNotificationListQuery,
      response: { 200: ZNotificationList, 400: ZErrorResponse },
    },
    handler: async (request) => listNotifications(db, request.user.id, request.query),
  });

  app.route({
    method: unreadCountEndpoint.method,
    url: unreadCountEndpoint.path,
    schema: {
      tags: ['alerts'],
      summary: 'How many notifications are unread',
      description: "The app's language, when given, becomes the language of the user's alert mails.",
      querystring: ZUnreadCountQuery,
      response: { 200: ZUnreadCount, 400: ZErrorResponse },
    },
    handler: async (request) => {
      await rememberRecipient(db, request.user.id, { email: request.user.email, language: request.query.language });
      return { unread: await countUnreadNotifications(db, request.user.id) };
    },
  });

  app.route({
    method: markReadEndpoint.method,
    url: markReadEndpoint.path,
    schema: {
      tags: ['alerts'],
      summary: 'Mark a notification read',
      params: ZNotificationParams,
      response: { 200: ZNotification, ...errors },
    },
    handler: async (request) => markNotificationRead(db, request.user.id, request.params.id, new Date()),
  });

  app.route({
    method: markAllReadEndpoint.method,
    url: markAllReadEndpoint.path,
    schema: {
      tags: ['alerts'],
      summary: 'Mark every notification read',
      response: { 200: ZMarkAllReadResponse },
    },
    handler: async (request) => ({ marked: await markAllNotificationsRead(db, request.user.id, new Date()) }),
  });

  app.route({
    method: alertPreferencesEndpoint.method,
    url: alertPreferencesEndpoint.path,
    schema: {
      tags: ['alerts'],
      summary: 'Which alerts about watched and bought offers the user gets, and their language',
      response: { 200: ZAlertPreferences },
    },
    handler: async (request) => {
      const { email: _email, ...preferences } = await findRecipient(db, request.user.id);
      return ZAlertPreferences.parse(preferences);
    },
  });

  app.route({
    method: changeAlertPreferencesEndpoint.method,
    url: changeAlertPreferencesEndpoint.path,
    schema: {
      tags: ['alerts'],
      summary: 'Turn alerts about watched and bought offers on or off',
      body: ZAlertPreferencesChange,
      response: { 200: ZAlertPreferences, 400: ZErrorResponse },
    },
    handler: async (request) => {
      await updateRecipientAlerts(db, request.user.id, request.body);
      await rememberRecipient(db, request.user.id, { email: request.user.email });
      const { email: _email, ...preferences } = await findRecipient(db, request.user.id);
      return ZAlertPreferences.parse(preferences);
    },
  });
};
