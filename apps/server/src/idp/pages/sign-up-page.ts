import { MESSAGES, type TLocale } from '../messages';
import { escapeHtml, renderLayout, type TLanguageLinks } from './layout';
import { SIGN_UP_LIMITS, signUpChecksScript } from './sign-up-checks';

export type TSignUpErrors = {
  name?: string | undefined;
  email?: string | undefined;
  password?: string | undefined;
  /** A message for the whole form (throttling, an existing account). */
  form?: string | undefined;
};

export type TSignUpPageOptions = {
  locale: TLocale;
  urls: { signUp: string; signIn: string; abort: string };
  csrfToken: string;
  values?: { name?: string; email?: string };
  errors?: TSignUpErrors;
  languageLinks?: TLanguageLinks | undefined;
  /** Nonce of the page's checks script (sign-up-checks.ts); without one the server alone checks. */
  scriptNonce?: string | undefined;
};

type TField = {
  id: 'name' | 'email' | 'password';
  label: string;
  type: string;
  autocomplete: string;
  maxLength: number;
  value: string;
  error: string | undefined;
  hint?: string;
  extra?: string;
};

function renderField(field: TField, isFirstInvalid: boolean, isFirst: boolean): string {
  const describedBy = [field.hint ? `${field.id}-hint` : '', field.error ? `${field.id}-error` : '']
    .filter(Boolean)
    .join(' ');
  const focus = isFirstInvalid || (isFirst && !isFirstInvalid) ? ' autofocus' : '';
  return `<label for="${field.id}">${escapeHtml(field.label)}</label>
<input id="${field.id}" name="${field.id}" type="${field.type}" autocomplete="${field.autocomplete}" required maxlength="${field.maxLength}"${
    field.type === 'password' ? '' : ` value="${escapeHtml(field.value)}"`
  }${field.extra ?? ''}${describedBy ? ` aria-describedby="${describedBy}"` : ''}${field.error ? ' aria-invalid="true"' : ''}${focus}>
${field.hint ? `<p id="${field.id}-hint" class="hint">${escapeHtml(field.hint)}</p>` : ''}
${field.error ? `<p id="${field.id}-error" class="field-error">${escapeHtml(field.error)}</p>` : ''}`;
}

/**
 * The sign-up form: name, e-mail address and a password with the strength rule shown next to it.
 * `novalidate`: the page's own checks (and the server's) answer in the page's language, never the
 * browser's tooltips; `required` and `minlength` stay for assistive technology and password managers.
 */
export function renderSignUpPage(options: TSignUpPageOptions): string {
  const m = MESSAGES[options.locale];
  const errors = options.errors ?? {};
  const fields: TField[] = [
    {
      id: 'name',
      label: m.name,
      type: 'text',
      autocomplete: 'name',
      maxLength: SIGN_UP_LIMITS.nameMaxLength,
      value: options.values?.name ?? '',
      error: errors.name,
    },
    {
      id: 'email',
      label: m.email,
      type: 'email',
      autocomplete: 'email',
      maxLength: SIGN_UP_LIMITS.emailMaxLength,
      value: options.values?.email ?? '',
      error: errors.email,
      extra: ' inputmode="email" spellcheck="false" autocapitalize="none"',
    },
    {
      id: 'password',
      label: m.password,
      type: 'password',
      autocomplete: 'new-password',
      maxLength: 256,
      value: '',
      error: errors.password,
      hint: m.passwordRule,
      extra: ' minlength="10"',
    },
  ];
  const firstInvalid = errors.form ? undefined : fields.find((field) => field.error)?.id;
  const hasError = Boolean(errors.form || fields.some((field) => field.error));
  const csrf = `<input type="hidden" name="csrf" value="${escapeHtml(options.csrfToken)}">`;
  const body = `
${errors.form ? `<div id="form-error" class="alert" role="alert">${escapeHtml(errors.form)}</div>` : ''}
<form id="sign-up-form" method="post" action="${escapeHtml(options.urls.signUp)}" novalidate>
${csrf}
${fields.map((field, index) => renderField(field, field.id === firstInvalid, index === 0 && !hasError)).join('\n')}
<button class="button" type="submit">${escapeHtml(m.signUpButton)}</button>
</form>
<p class="alt">${escapeHtml(m.haveAccount)} <a href="${escapeHtml(options.urls.signIn)}">${escapeHtml(m.signInLink)}</a></p>
<form id="abort-form" class="alt" method="post" action="${escapeHtml(options.urls.abort)}">${csrf}<button class="link-button" type="submit">${escapeHtml(m.cancel)}</button></form>${
    options.scriptNonce ? `\n<script nonce="${escapeHtml(options.scriptNonce)}">${signUpChecksScript(m)}</script>` : ''
  }`;
  return renderLayout({
    locale: options.locale,
    title: m.signUpTitle,
    hasError,
    body,
    languageLinks: options.languageLinks,
    scriptNonce: options.scriptNonce,
  });
}
