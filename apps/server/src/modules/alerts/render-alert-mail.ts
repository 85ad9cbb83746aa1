import { ALERT_LANGUAGES, type TAlertLanguage, type TNotification } from '@dsm/contracts';
import { ALERT_MAIL_TEXTS } from './alert-mail-texts';

/** A mail ready for the transport. */
export type TAlertMail = { subject: string; text: string; html: string; unsubscribeUrl: string };

export type TRenderAlertMailOptions = {
  notification: Pick<TNotification, 'kind' | 'params' | 'link'>;
  /** The recipient's language; an unknown one is written in German, the app's default. */
  language: string;
  /** The marketplace's public address, without a trailing slash. */
  publicUrl: string;
  unsubscribeToken: string;
};

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const money = (language: TAlertLanguage, amount: number, currency: string) =>
  new Intl.NumberFormat(language, { style: 'currency', currency }).format(amount);

/** A count as the recipient's language writes it ("1.234" in German, "1,234" in English). */
const count = (language: TAlertLanguage, value: number) => new Intl.NumberFormat(language).format(value);

/** Writes an alert mail (text and HTML) in the recipient's language, with its unsubscribe link. */
export function renderAlertMail(options: TRenderAlertMailOptions): TAlertMail {
  const language = (ALERT_LANGUAGES as readonly string[]).includes(options.language)
    ? (options.language as TAlertLanguage)
    : 'de';
  const t = ALERT_MAIL_TEXTS[language];
  const { kind, params } = options.notification;
  const link = `${options.publicUrl}${options.notification.link}`;
  const unsubscribeUrl = `${options.publicUrl}/api/unsubscribe?token=${options.unsubscribeToken}`;
  const offer = params.offer?.title ?? '';
  const endpoint = params.endpoint ?? '';
  let subject: string;
  let lines: string[];
  let list: { title: string; url: string }[] = [];
  let why: string;
  if (kind === 'new_offers') {
    const total = params.count ?? 0;
    const search = params.savedSearchName ?? '';
    subject = fill(total === 1 ? t.newOfferSubject : t.newOffersSubject, { count: count(language, total), search });
    lines = [fill(t.newOffersIntro, { search })];
    list = (params.offers ?? []).map((item) => ({
      title: item.title,
      url: `${options.publicUrl}/offer/details/${item.id}`,
    }));
    const rest = total - list.length;
    if (rest > 0) list.push({ title: fill(t.more, { count: count(language, rest) }), url: link });
    why = fill(t.whySearch, { search });
  } else if (kind === 'price_change') {
    const currency = params.currency ?? 'EUR';
    subject = fill(t.priceSubject, { offer });
    lines = [
      fill(t.priceBody, {
        offer,
        oldPrice: money(language, params.oldPrice ?? 0, currency),
        newPrice: money(language, params.newPrice ?? 0, currency),
      }),
    ];
    why = t.whyWatched;
  } else {
    const isOffline = kind === 'endpoint_offline';
    subject = fill(isOffline ? t.offlineSubject : t.onlineSubject, { offer });
    lines = [fill(isOffline ? t.offlineBody : t.onlineBody, { offer, endpoint })];
    why = t.whyWatched;
  }
  const text = [
    ...lines,
    '',
    ...list.map((item) => `- ${item.title}: ${item.url}`),
    ...(list.length > 0 ? [''] : []),
    `${t.open}: ${link}`,
    '',
    '--',
    why,
    `${t.unsubscribe}: ${unsubscribeUrl}`,
    '',
  ].join('\n');
  const html = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: sans-serif; line-height: 1.5; color: #1a1b1e">
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
${list.length > 0 ? `<ul>${list.map((item) => `<li><a href="${escapeHtml(item.url)}">${escapeHtml(item.title)}</a></li>`).join('')}</ul>` : ''}
<p><a href="${escapeHtml(link)}">${escapeHtml(t.open)}</a></p>
<hr>
<p style="font-size: 0.9em; color: #555">${escapeHtml(why)}<br>
<a href="${escapeHtml(unsubscribeUrl)}">${escapeHtml(t.unsubscribe)}</a></p>
</body></html>
`;
  return { subject, text, html, unsubscribeUrl };
}
