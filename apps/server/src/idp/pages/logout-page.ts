import { MESSAGES, type TLocale } from '../messages';
import { escapeHtml, renderLayout } from './layout';

export type TLogoutPageOptions = {
  locale: TLocale;
  /** The provider's form (its action and xsrf field); the buttons below submit it. */
  providerForm: string;
  /**
   * Submit at once without asking: the app sent an id_token_hint, so the request comes from the
   * signed-in app's own Logout button and a question would only stop the user.
   */
  isAutoSubmit: boolean;
  scriptNonce: string;
  /** Where "back" leads without signing out: the app's start page. */
  appUrl: string;
};

const FORM_ID = 'op.logoutForm';

/** The logout confirmation of the provider (oidc-provider's logoutSource). */
export function renderLogoutPage(options: TLogoutPageOptions): string {
  const m = MESSAGES[options.locale];
  if (options.isAutoSubmit) {
    // The hidden field stands in for the "Sign out" button, which a scripted submit does not send.
    const form = options.providerForm.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>');
    const body = `
<p role="status">${escapeHtml(m.loggingOut)}</p>
${form}
<noscript><button class="button" type="submit" form="${FORM_ID}">${escapeHtml(m.logoutYes)}</button></noscript>
<script nonce="${escapeHtml(options.scriptNonce)}">document.getElementById(${JSON.stringify(FORM_ID)}).submit();</script>`;
    return renderLayout({ locale: options.locale, title: m.logoutTitle, body, scriptNonce: options.scriptNonce });
  }
  const body = `
<p>${escapeHtml(m.logoutQuestion)}</p>
${options.providerForm}
<button class="button" type="submit" form="${FORM_ID}" name="logout" value="yes" autofocus>${escapeHtml(m.logoutYes)}</button>
<a class="button secondary" href="${escapeHtml(options.appUrl)}">${escapeHtml(m.backToApp)}</a>`;
  return renderLayout({ locale: options.locale, title: m.logoutTitle, body });
}
