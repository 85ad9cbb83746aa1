import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../modules/users/check-password-strength';
import type { TMessages } from '../messages';

/** Limits of the sign-up fields, the same the server checks (interaction-routes.ts). */
export const SIGN_UP_LIMITS = {
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  emailMaxLength: 254,
  nameMaxLength: 100,
} as const;

/**
 * The sign-up form's checks in the page, run before it is sent: the browser's own checks would
 * answer in the browser's language (an English tooltip on a German page), so the form has
 * `novalidate` and this script shows the page's own messages at the fields, the way the server
 * does after a round trip. It repeats checkPasswordStrength; the server checks again in any case.
 * Plain ES5-era DOM code: it runs as written, without a build.
 */
const SCRIPT = `(function (c) {
  var form = document.getElementById('sign-up-form');
  if (!form) return;
  var title = document.title;
  var email = new RegExp(c.email);
  function problem(id, value, address) {
    if (id === 'name') { var n = value.trim(); return n && n.length <= c.nameMax ? null : c.m.nameRequired; }
    if (id === 'email') { var e = value.trim(); return e.length <= c.emailMax && email.test(e) ? null : c.m.emailInvalid; }
    var length = Array.from(value).length;
    if (length < c.min) return c.m.passwordTooShort;
    if (length > c.max) return c.m.passwordTooLong;
    if (!/\\p{L}/u.test(value) || !/\\p{Nd}/u.test(value)) return c.m.passwordNeedsLetterAndDigit;
    var local = (address.trim().split('@')[0] || '').toLowerCase();
    if (local.length >= 3 && value.toLowerCase().indexOf(local) >= 0) return c.m.passwordContainsEmail;
    return null;
  }
  function show(input, message) {
    var id = input.id + '-error';
    var shown = document.getElementById(id);
    var ids = (input.getAttribute('aria-describedby') || '').split(' ').filter(function (x) { return x && x !== id; });
    if (!message) {
      if (shown) shown.remove();
      input.removeAttribute('aria-invalid');
    } else {
      if (!shown) {
        shown = document.createElement('p');
        shown.id = id;
        shown.className = 'field-error';
        var hint = document.getElementById(input.id + '-hint');
        (hint || input).insertAdjacentElement('afterend', shown);
      }
      shown.textContent = message;
      input.setAttribute('aria-invalid', 'true');
      ids.push(id);
    }
    if (ids.length) input.setAttribute('aria-describedby', ids.join(' '));
    else input.removeAttribute('aria-describedby');
  }
  function check(id) {
    var input = form.elements.namedItem(id);
    var message = problem(id, input.value, form.elements.namedItem('email').value);
    show(input, message);
    return message;
  }
  form.addEventListener('submit', function (event) {
    var first = null;
    ['name', 'email', 'password'].forEach(function (id) {
      if (check(id) && !first) first = form.elements.namedItem(id);
    });
    if (!first) return;
    event.preventDefault();
    document.title = c.m.errorPrefix + title.replace(c.m.errorPrefix, '');
    first.focus();
  });
  // A field marked wrong is checked again as soon as it changes, so the message goes when it is fixed.
  form.addEventListener('input', function (event) {
    var input = event.target;
    if (input && input.getAttribute && input.getAttribute('aria-invalid') === 'true') check(input.id);
  });
})`;

/** The inline script for a sign-up page in the given language. */
export function signUpChecksScript(m: TMessages): string {
  const config = {
    email: SIGN_UP_LIMITS.email.source,
    emailMax: SIGN_UP_LIMITS.emailMaxLength,
    nameMax: SIGN_UP_LIMITS.nameMaxLength,
    min: MIN_PASSWORD_LENGTH,
    max: MAX_PASSWORD_LENGTH,
    m: {
      errorPrefix: m.errorPrefix,
      nameRequired: m.nameRequired,
      emailInvalid: m.emailInvalid,
      passwordTooShort: m.passwordTooShort,
      passwordTooLong: m.passwordTooLong,
      passwordNeedsLetterAndDigit: m.passwordNeedsLetterAndDigit,
      passwordContainsEmail: m.passwordContainsEmail,
    },
  };
  // '<' escaped, so no text can close the script element.
  return `${SCRIPT}(${JSON.stringify(config).replaceAll('<', '\\u003c')});`;
}
