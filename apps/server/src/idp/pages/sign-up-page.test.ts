import { Window } from 'happy-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, type TLocale } from '../messages';
import { renderSignUpPage } from './sign-up-page';

const URLS = { signUp: '/signup', signIn: '/', abort: '/abort' };

type TDocument = Window['document'];
type TForm = ReturnType<TDocument['createElement']> & { elements: { namedItem(name: string): unknown } };
type TInput = {
  value: string;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
  dispatchEvent(event: unknown): boolean;
};

let window: Window;
let document: TDocument;

/** Opens the sign-up page in the test's document and runs its inline script, as a browser would. */
function openPage(locale: TLocale) {
  const html = renderSignUpPage({ locale, urls: URLS, csrfToken: 't', scriptNonce: 'nonce-1' });
  document.documentElement.innerHTML = html.replace(/^<!DOCTYPE html>\s*<html[^>]*>/, '').replace(/<\/html>\s*$/, '');
  document.title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  const script = /<script nonce="nonce-1">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!script) throw new Error('the page has no checks script');
  new Function('document', script)(document);
  return document.getElementById('sign-up-form') as unknown as TForm;
}

function fill(form: TForm, values: { name: string; email: string; password: string }) {
  for (const [id, value] of Object.entries(values)) (form.elements.namedItem(id) as TInput).value = value;
}

/** Submits the form; true when the page kept it back. */
function submit(form: TForm): boolean {
  const event = new window.Event('submit', { cancelable: true });
  form.dispatchEvent(event);
  return event.defaultPrevented;
}

const errorOf = (id: string) => document.getElementById(`${id}-error`)?.textContent ?? null;

beforeEach(() => {
  window = new Window();
  document = window.document;
});

describe('sign-up page checks', () => {
  it('turns the browser checks off and states the rule at the password field', () => {
    const form = openPage('de');
    expect(form.hasAttribute('novalidate')).toBe(true);
    const password = form.elements.namedItem('password') as TInput;
    expect(document.getElementById('password-hint')?.textContent).toBe(MESSAGES.de.passwordRule);
    expect(password.getAttribute('aria-describedby')).toBe('password-hint');
  });

  it('keeps a short password back with the German message at the field', () => {
    const form = openPage('de');
    fill(form, { name: 'Erika', email: 'erika@example.org', password: 'kurz1' });
    expect(submit(form)).toBe(true);
    expect(errorOf('password')).toBe('Das Passwort muss mindestens 10 Zeichen lang sein.');
    const password = form.elements.namedItem('password') as TInput;
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-describedby')).toBe('password-hint password-error');
    expect(document.activeElement).toBe(password);
    expect(document.title.startsWith(MESSAGES.de.errorPrefix)).toBe(true);
  });

  it('answers in English on the English page, one field after another', () => {
    const form = openPage('en');
    fill(form, { name: '', email: 'no-address', password: 'onlyletters' });
    expect(submit(form)).toBe(true);
    expect(errorOf('name')).toBe(MESSAGES.en.nameRequired);
    expect(errorOf('email')).toBe(MESSAGES.en.emailInvalid);
    expect(errorOf('password')).toBe('The password must contain at least one letter and one digit.');
  });

  it('answers in French, Spanish, Italian and Portuguese on those pages', () => {
    const expected: Record<'fr' | 'es' | 'it' | 'pt', string> = {
      fr: 'Le mot de passe doit comporter au moins 10 caractères.',
      es: 'La contraseña debe tener al menos 10 caracteres.',
      it: 'La password deve avere almeno 10 caratteri.',
      pt: 'A palavra-passe tem de ter pelo menos 10 caracteres.',
    };
    for (const [locale, tooShort] of Object.entries(expected) as ['fr' | 'es' | 'it' | 'pt', string][]) {
      window = new Window();
      document = window.document;
      const form = openPage(locale);
      fill(form, { name: '', email: 'no-address', password: 'court1' });
      expect(submit(form)).toBe(true);
      expect(errorOf('name')).toBe(MESSAGES[locale].nameRequired);
      expect(errorOf('email')).toBe(MESSAGES[locale].emailInvalid);
      expect(errorOf('password')).toBe(tooShort);
      expect(document.title.startsWith(MESSAGES[locale].errorPrefix)).toBe(true);
      expect(document.getElementById('password-hint')?.textContent).toBe(MESSAGES[locale].passwordRule);
    }
  });

  it('refuses a password holding the address before the @, as the server does', () => {
    const form = openPage('en');
    fill(form, { name: 'Max', email: 'maxmuster@example.org', password: 'maxmuster2026' });
    expect(submit(form)).toBe(true);
    expect(errorOf('password')).toBe(MESSAGES.en.passwordContainsEmail);
  });

  it('removes the message once the field is fixed, and sends a valid form', () => {
    const form = openPage('de');
    fill(form, { name: 'Erika', email: 'erika@example.org', password: 'kurz1' });
    submit(form);
    const password = form.elements.namedItem('password') as TInput;
    password.value = 'lang-genug-2026';
    password.dispatchEvent(new window.Event('input', { bubbles: true }));
    expect(errorOf('password')).toBeNull();
    expect(password.hasAttribute('aria-invalid')).toBe(false);
    expect(submit(form)).toBe(false);
  });

  it('leaves the checks to the server when the page has no script nonce', () => {
    const html = renderSignUpPage({ locale: 'de', urls: URLS, csrfToken: 't' });
    expect(html).not.toContain('<script');
    expect(html).toContain('novalidate');
  });
});
