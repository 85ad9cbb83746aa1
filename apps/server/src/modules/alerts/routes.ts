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
} from '@dsm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerEndpoint } from '../../lib/register-endpoint';
import { changeSavedSearch } from './change-saved-search';
import { countUnreadNotifications } from './count-unread-notifications';
import { createSavedSearch } from './create-saved-search';
import { deleteSavedSearch } from './delete-saved-search';
import { listNotifications } from './list-notifications';
import { listSavedSearches } from './list-saved-searches';
import { markAllNotificationsRead } from './mark-all-notifications-read';
import { markNotificationRead } from './mark-notification-read';
import { findRecipient, rememberRecipient, updateRecipientAlerts } from './recipients-repository';

/**
 * Saved searches, notifications and alert preferences belong to the signed-in user: every call reads and
 * changes only `request.user.id`'s; another user's saved search or notification is a 404, as if it did not exist.
 */
export const alertRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  registerEndpoint(app, savedSearchesEndpoint, {
    handler: async (request) => listSavedSearches(db, request.user.id),
  });

  registerEndpoint(app, createSavedSearchEndpoint, {
    handler: async (request, reply) => {
      reply.code(201);
      return createSavedSearch({ db, user: request.user, input: request.body });
    },
  });

  registerEndpoint(app, changeSavedSearchEndpoint, {
    handler: async (request) =>
      changeSavedSearch({ db, user: request.user, id: request.params.id, change: request.body }),
  });

  registerEndpoint(app, deleteSavedSearchEndpoint, {
    handler: async (request, reply) => {
      await deleteSavedSearch(db, request.user.id, request.params.id);
      return reply.code(204).send(null);
    },
  });

  registerEndpoint(app, notificationsEndpoint, {
    handler: async (request) => listNotifications(db, request.user.id, request.query),
  });

  registerEndpoint(app, unreadCountEndpoint, {
    handler: async (request) => {
      await rememberRecipient(db, request.user.id, { email: request.user.email, language: request.query.language });
      return { unread: await countUnreadNotifications(db, request.user.id) };
    },
  });

  registerEndpoint(app, markReadEndpoint, {
    handler: async (request) => markNotificationRead(db, request.user.id, request.params.id, new Date()),
  });

  registerEndpoint(app, markAllReadEndpoint, {
    handler: async (request) => ({ marked: await markAllNotificationsRead(db, request.user.id, new Date()) }),
  });

  registerEndpoint(app, alertPreferencesEndpoint, {
    handler: async (request) => {
      const { email: _email, ...preferences } = await findRecipient(db, request.user.id);
      return ZAlertPreferences.parse(preferences);
    },
  });

  registerEndpoint(app, changeAlertPreferencesEndpoint, {
    handler: async (request) => {
      await updateRecipientAlerts(db, request.user.id, request.body);
      await rememberRecipient(db, request.user.id, { email: request.user.email });
      const { email: _email, ...preferences } = await findRecipient(db, request.user.id);
      return ZAlertPreferences.parse(preferences);
    },
  });
};
