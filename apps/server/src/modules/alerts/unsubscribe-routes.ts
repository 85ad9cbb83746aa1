import {
  type TAlertLanguage,
  type TUnsubscribeResponse,
  unsubscribeEndpoint,
  unsubscribePreviewEndpoint,
} from '@dsm/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerEndpoint } from '../../lib/register-endpoint';
import { findUnsubscribeLanguage, previewUnsubscribe, unsubscribe } from './unsubscribe';

const PAGE_TEXTS: Record<
  TAlertLanguage,
  { title: string; search: string; price: string; endpoint: string; button: string; done: string }
> = {
  de: {
    title: 'Benachrichtigungen abbestellen',
    search: 'Benachrichtigungen für die gespeicherte Suche „{name}“ abbestellen?',
    price: 'Benachrichtigungen über Preisänderungen gemerkter Angebote abbestellen?',
    endpoint: 'Benachrichtigungen über Endpunkte gemerkter und gekaufter Angebote abbestellen?',
    button: 'Abbestellen',
    done: 'Sie erhalten diese Benachrichtigungen nicht mehr. Im Marktplatz können Sie sie wieder einschalten.',
  },
  en: {
    title: 'Unsubscribe from alerts',
    search: 'Stop the alerts of the saved search "{name}"?',
    price: 'Stop the alerts about price changes of watched offers?',
    endpoint: 'Stop the alerts about endpoints of watched and bought offers?',
    button: 'Unsubscribe',
    done: 'You no longer receive these alerts. You can turn them on again in the marketplace.',
  },
  fr: {
    title: 'Se désabonner des alertes',
    search: 'Arrêter les alertes de la recherche enregistrée « {name} » ?',
    price: 'Arrêter les alertes sur les changements de prix des offres suivies ?',
    endpoint: 'Arrêter les alertes sur les points d’accès des offres suivies et achetées ?',
    button: 'Se désabonner',
    done: 'Vous ne recevez plus ces alertes. Vous pouvez les réactiver sur la place de marché.',
  },
  es: {
    title: 'Darse de baja de las alertas',
    search: '¿Dejar de recibir las alertas de la búsqueda guardada «{name}»?',
    price: '¿Dejar de recibir las alertas de cambios de precio de las ofertas seguidas?',
    endpoint: '¿Dejar de recibir las alertas de los puntos de acceso de las ofertas seguidas y compradas?',
    button: 'Darse de baja',
    done: 'Ya no recibirá estas alertas. Puede volver a activarlas en el mercado.',
  },
  it: {
    title: 'Annulla l’iscrizione agli avvisi',
    search: 'Interrompere gli avvisi della ricerca salvata «{name}»?',
    price: 'Interrompere gli avvisi sulle variazioni di prezzo delle offerte preferite?',
    endpoint: 'Interrompere gli avvisi sugli endpoint delle offerte preferite e acquistate?',
    button: 'Annulla iscrizione',
    done: 'Non riceverà più questi avvisi. Può riattivarli nel marketplace.',
  },
  pt: {
    title: 'Cancelar a subscrição de alertas',
    search: 'Deixar de receber os alertas da pesquisa guardada «{name}»?',
    price: 'Deixar de receber os alertas de alterações de preço das ofertas observadas?',
    endpoint: 'Deixar de receber os alertas sobre endpoints das ofertas observadas e compradas?',
    button: 'Cancelar subscrição',
    done: 'Deixou de receber estes alertas. Pode voltar a ativá-los no marketplace.',
  },
};

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const wantsHtml = (request: FastifyRequest) => {
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html') && !accept.startsWith('application/json');
};

function renderPage(language: TAlertLanguage, token: string, answer: TUnsubscribeResponse): string {
  const t = PAGE_TEXTS[language];
  const question =
    answer.scope === 'saved_search' ? t.search.replace('{name}', answer.savedSearchName ?? '') : t[answer.scope];
  const body = answer.isUnsubscribed
    ? `<p role="status">${escapeHtml(t.done)}</p>`
    : `<p>${escapeHtml(question)}</p>
<form method="post" action="/api/unsubscribe?token=${escapeHtml(token)}"><button type="submit">${escapeHtml(t.button)}</button></form>`;
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t.title)}</title></head>
<body><main><h1>${escapeHtml(t.title)}</h1>
${body}
</main></body></html>
`;
}

/**
 * The unsubscribe link of the alert mails, open without a session. A GET changes nothing: it shows what the
 * link would stop (a page for a browser, JSON otherwise) with a button that POSTs, because mail scanners and
 * link previews fetch every link in a mail and would otherwise unsubscribe people who never asked. The POST
 * unsubscribes; it is also what mail programs send for one-click unsubscribing (RFC 8058, form body
 * `List-Unsubscribe=One-Click`).
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  // The page's form and mail programs' one-click requests post forms; their fields carry nothing needed.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) =>
    done(null, {}),
  );

  const answer = async (request: FastifyRequest, reply: FastifyReply, token: string, result: TUnsubscribeResponse) => {
    if (!wantsHtml(request)) return result;
    const language = (await findUnsubscribeLanguage(db, token)) as TAlertLanguage;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderPage(PAGE_TEXTS[language] ? language : 'de', token, result));
  };

  registerEndpoint(app, unsubscribePreviewEndpoint, {
    handler: async (request, reply) =>
      answer(request, reply, request.query.token, await previewUnsubscribe(db, request.query.token)),
  });

  registerEndpoint(app, unsubscribeEndpoint, {
    handler: async (request, reply) =>
      answer(request, reply, request.query.token, await unsubscribe(db, request.query.token, new Date())),
  });
};
