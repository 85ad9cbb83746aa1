import type { TAlertLanguage } from '@dsm/contracts';

/** The words of the alert mails in the app's six languages; `{name}` marks a value put in. */
export type TAlertMailTexts = {
  newOffersSubject: string;
  newOfferSubject: string;
  newOffersIntro: string;
  more: string;
  priceSubject: string;
  priceBody: string;
  offlineSubject: string;
  offlineBody: string;
  onlineSubject: string;
  onlineBody: string;
  open: string;
  whySearch: string;
  whyWatched: string;
  unsubscribe: string;
};

export const ALERT_MAIL_TEXTS: Record<TAlertLanguage, TAlertMailTexts> = {
  de: {
    newOffersSubject: '{count} neue Angebote für Ihre gespeicherte Suche „{search}“',
    newOfferSubject: 'Ein neues Angebot für Ihre gespeicherte Suche „{search}“',
    newOffersIntro: 'Neu im Marktplatz und passend zu Ihrer gespeicherten Suche „{search}“:',
    more: 'und {count} weitere',
    priceSubject: 'Neuer Preis: {offer}',
    priceBody: 'Der Preis von „{offer}“ hat sich von {oldPrice} auf {newPrice} geändert.',
    offlineSubject: 'Endpunkt nicht erreichbar: {offer}',
    offlineBody: 'Der Endpunkt „{endpoint}“ des Angebots „{offer}“ ist nicht mehr erreichbar (Offline).',
    onlineSubject: 'Endpunkt wieder erreichbar: {offer}',
    onlineBody: 'Der Endpunkt „{endpoint}“ des Angebots „{offer}“ ist wieder erreichbar (Online).',
    open: 'Im Marktplatz öffnen',
    whySearch:
      'Sie erhalten diese E-Mail, weil Sie für die gespeicherte Suche „{search}“ Benachrichtigungen eingeschaltet haben.',
    whyWatched: 'Sie erhalten diese E-Mail, weil Sie das Angebot auf Ihrer Merkliste haben oder es gekauft haben.',
    unsubscribe: 'Diese Benachrichtigungen abbestellen',
  },
  en: {
    newOffersSubject: '{count} new offers for your saved search "{search}"',
    newOfferSubject: 'A new offer for your saved search "{search}"',
    newOffersIntro: 'New in the marketplace and matching your saved search "{search}":',
    more: 'and {count} more',
    priceSubject: 'New price: {offer}',
    priceBody: 'The price of "{offer}" changed from {oldPrice} to {newPrice}.',
    offlineSubject: 'Endpoint unreachable: {offer}',
    offlineBody: 'The endpoint "{endpoint}" of the offer "{offer}" can no longer be reached (Offline).',
    onlineSubject: 'Endpoint reachable again: {offer}',
    onlineBody: 'The endpoint "{endpoint}" of the offer "{offer}" can be reached again (Online).',
    open: 'Open in the marketplace',
    whySearch: 'You receive this mail because you turned on alerts for the saved search "{search}".',
    whyWatched: 'You receive this mail because the offer is on your watchlist or you bought it.',
    unsubscribe: 'Unsubscribe from these alerts',
  },
  fr: {
    newOffersSubject: '{count} nouvelles offres pour votre recherche enregistrée « {search} »',
    newOfferSubject: 'Une nouvelle offre pour votre recherche enregistrée « {search} »',
    newOffersIntro: 'Nouveau sur la place de marché et correspondant à votre recherche enregistrée « {search} » :',
    more: 'et {count} autres',
    priceSubject: 'Nouveau prix : {offer}',
    priceBody: 'Le prix de « {offer} » est passé de {oldPrice} à {newPrice}.',
    offlineSubject: 'Point d’accès injoignable : {offer}',
    offlineBody: 'Le point d’accès « {endpoint} » de l’offre « {offer} » n’est plus joignable (hors ligne).',
    onlineSubject: 'Point d’accès de nouveau joignable : {offer}',
    onlineBody: 'Le point d’accès « {endpoint} » de l’offre « {offer} » est de nouveau joignable (en ligne).',
    open: 'Ouvrir sur la place de marché',
    whySearch: 'Vous recevez ce courriel car vous avez activé les alertes de la recherche enregistrée « {search} ».',
    whyWatched: 'Vous recevez ce courriel car l’offre figure dans votre liste de suivi ou vous l’avez achetée.',
    unsubscribe: 'Se désabonner de ces alertes',
  },
  es: {
    newOffersSubject: '{count} ofertas nuevas para su búsqueda guardada «{search}»',
    newOfferSubject: 'Una oferta nueva para su búsqueda guardada «{search}»',
    newOffersIntro: 'Nuevo en el mercado y coincide con su búsqueda guardada «{search}»:',
    more: 'y {count} más',
    priceSubject: 'Nuevo precio: {offer}',
    priceBody: 'El precio de «{offer}» ha cambiado de {oldPrice} a {newPrice}.',
    offlineSubject: 'Punto de acceso inaccesible: {offer}',
    offlineBody: 'El punto de acceso «{endpoint}» de la oferta «{offer}» ya no es accesible (sin conexión).',
    onlineSubject: 'Punto de acceso accesible de nuevo: {offer}',
    onlineBody: 'El punto de acceso «{endpoint}» de la oferta «{offer}» vuelve a ser accesible (en línea).',
    open: 'Abrir en el mercado',
    whySearch: 'Recibe este correo porque activó las alertas de la búsqueda guardada «{search}».',
    whyWatched: 'Recibe este correo porque la oferta está en su lista de seguimiento o la ha comprado.',
    unsubscribe: 'Darse de baja de estas alertas',
  },
  it: {
    newOffersSubject: '{count} nuove offerte per la ricerca salvata «{search}»',
    newOfferSubject: 'Una nuova offerta per la ricerca salvata «{search}»',
    newOffersIntro: 'Nuovo nel marketplace e corrispondente alla ricerca salvata «{search}»:',
    more: 'e altre {count}',
    priceSubject: 'Nuovo prezzo: {offer}',
    priceBody: 'Il prezzo di «{offer}» è cambiato da {oldPrice} a {newPrice}.',
    offlineSubject: 'Endpoint non raggiungibile: {offer}',
    offlineBody: 'L’endpoint «{endpoint}» dell’offerta «{offer}» non è più raggiungibile (offline).',
    onlineSubject: 'Endpoint di nuovo raggiungibile: {offer}',
    onlineBody: 'L’endpoint «{endpoint}» dell’offerta «{offer}» è di nuovo raggiungibile (online).',
    open: 'Apri nel marketplace',
    whySearch: 'Riceve questa e-mail perché ha attivato gli avvisi per la ricerca salvata «{search}».',
    whyWatched: 'Riceve questa e-mail perché l’offerta è nella sua lista dei preferiti o l’ha acquistata.',
    unsubscribe: 'Annulla l’iscrizione a questi avvisi',
  },
  pt: {
    newOffersSubject: '{count} novas ofertas para a sua pesquisa guardada «{search}»',
    newOfferSubject: 'Uma nova oferta para a sua pesquisa guardada «{search}»',
    newOffersIntro: 'Novo no marketplace e corresponde à sua pesquisa guardada «{search}»:',
    more: 'e mais {count}',
    priceSubject: 'Novo preço: {offer}',
    priceBody: 'O preço de «{offer}» mudou de {oldPrice} para {newPrice}.',
    offlineSubject: 'Endpoint inacessível: {offer}',
    offlineBody: 'O endpoint «{endpoint}» da oferta «{offer}» deixou de estar acessível (offline).',
    onlineSubject: 'Endpoint novamente acessível: {offer}',
    onlineBody: 'O endpoint «{endpoint}» da oferta «{offer}» está novamente acessível (online).',
    open: 'Abrir no marketplace',
    whySearch: 'Recebe este e-mail porque ativou os alertas da pesquisa guardada «{search}».',
    whyWatched: 'Recebe este e-mail porque a oferta está na sua lista de observação ou comprou-a.',
    unsubscribe: 'Cancelar a subscrição destes alertas',
  },
};
