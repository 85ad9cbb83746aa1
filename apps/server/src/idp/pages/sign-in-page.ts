import { MESSAGES, type TLocale } from '../messages';
import { escapeHtml, renderLayout, type TLanguageLinks } from './layout';

export type TSignInPageOptions = {
  locale: TLocale;
  /** Where the forms post to and the sign-up page lives. */
  urls: { signIn: string; signUp: string; abort: string };
  csrfToken: string;
  /** The e-mail address typed before, shown again after a failed attempt. */
  email?: string;
  /** One message for the whole form: wrong credentials, throttling, missing fields. */
  error?: string | undefined;
  languageLinks?: TLanguageLinks | undefined;
};

/** The sign-in form: e-mail address and password, a link to sign up, and cancel. */
export function renderSignInPage(options: TSignInPageOptions): string {
  const m = MESSAGES[options.locale];
  const hasError = Boolean(options.error);
  const invalid = hasError ? ' aria-invalid="true" aria-describedby="form-error"' : '';
  const csrf = `<input type="hidden" name="csrf" value="${escapeHtml(options.csrfToken)}">`;
  // After a failure the e-mail address is kept, so the password field is where typing continues.
  const focusEmail = options.email ? '' : ' autofocus';
  const focusPassword = options.email ? ' autofocus' : '';
  const body = `
${hasError ? `<div id="form-error" class="alert" role="alert">${escapeHtml(options.error)}</div>` : ''}
<form id="sign-in-form" method="post" action="${escapeHtml(options.urls.signIn)}" novalidate>
${csrf}
<label for="email">${escapeHtml(m.email)}</label>
<input id="email" name="email" type="email" autocomplete="username" inputmode="email" spellcheck="false" autocapitalize="none" required maxlength="254" value="${escapeHtml(options.email ?? '')}"${invalid}${focusEmail}>
<label for="password">${escapeHtml(m.password)}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required maxlength="256"${invalid}${focusPassword}>
<button class="button" type="submit">${escapeHtml(m.signInButton)}</button>
</form>
<p class="alt">${escapeHtml(m.noAccount)} <a href="${escapeHtml(options.urls.signUp)}">${escapeHtml(m.signUpLink)}</a></p>
<form id="abort-form" class="alt" method="post" action="${escapeHtml(options.urls.abort)}">${csrf}<button class="link-button" type="submit">${escapeHtml(m.cancel)}</button></form>`;
  return renderLayout({
    locale: options.locale,
    title: m.signInTitle,
    hasError,
    body,
    languageLinks: options.languageLinks,
  });
}
