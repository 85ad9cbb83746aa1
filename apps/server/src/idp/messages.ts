/** Languages of the provider's pages; German is the default, as in the web app. */
export const LOCALES = ['de', 'en'] as const;
export type TLocale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: TLocale = 'de';

/** Every text of the provider's pages, per language. */
export type TMessages = {
  appTitle: string;
  backToApp: string;
  language: string;
  errorPrefix: string;
  signInTitle: string;
  signInButton: string;
  email: string;
  password: string;
  name: string;
  noAccount: string;
  signUpLink: string;
  haveAccount: string;
  signInLink: string;
  cancel: string;
  signUpTitle: string;
  signUpButton: string;
  passwordRule: string;
  invalidCredentials: string;
  missingCredentials: string;
  tooManySignIns: (minutes: number) => string;
  tooManySignUps: (minutes: number) => string;
  emailInvalid: string;
  nameRequired: string;
  emailTaken: string;
  passwordTooShort: string;
  passwordTooLong: string;
  passwordNeedsLetterAndDigit: string;
  passwordContainsEmail: string;
  forbiddenTitle: string;
  forbiddenText: string;
  expiredTitle: string;
  expiredText: string;
  logoutTitle: string;
  logoutQuestion: string;
  logoutYes: string;
  loggingOut: string;
  signedOutTitle: string;
  signedOutText: string;
  errorTitle: string;
  errorText: string;
  errorCode: string;
};

const de: TMessages = {
  appTitle: 'data marketplace',
  backToApp: 'Zurück zum data marketplace',
  language: 'Sprache',
  errorPrefix: 'Fehler: ',
  signInTitle: 'Anmelden',
  signInButton: 'Anmelden',
  email: 'E-Mail-Adresse',
  password: 'Passwort',
  name: 'Name',
  noAccount: 'Noch kein Konto?',
  signUpLink: 'Registrieren',
  haveAccount: 'Sie haben schon ein Konto?',
  signInLink: 'Anmelden',
  cancel: 'Abbrechen',
  signUpTitle: 'Konto anlegen',
  signUpButton: 'Konto anlegen',
  passwordRule:
    'Mindestens 10 Zeichen, darunter mindestens ein Buchstabe und eine Ziffer; der Teil Ihrer E-Mail-Adresse vor dem @ darf nicht vorkommen.',
  invalidCredentials: 'E-Mail-Adresse oder Passwort ist falsch.',
  missingCredentials: 'Bitte geben Sie E-Mail-Adresse und Passwort ein.',
  tooManySignIns: (minutes) =>
    `Zu viele fehlgeschlagene Anmeldungen. Bitte versuchen Sie es in ${minutes} ${minutes === 1 ? 'Minute' : 'Minuten'} erneut.`,
  tooManySignUps: (minutes) =>
    `Zu viele Registrierungen von diesem Anschluss. Bitte versuchen Sie es in ${minutes} ${minutes === 1 ? 'Minute' : 'Minuten'} erneut.`,
  emailInvalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  nameRequired: 'Bitte geben Sie Ihren Namen ein (höchstens 100 Zeichen).',
  emailTaken: 'Mit dieser E-Mail-Adresse gibt es schon ein Konto. Bitte melden Sie sich an.',
  passwordTooShort: 'Das Passwort muss mindestens 10 Zeichen lang sein.',
  passwordTooLong: 'Das Passwort darf höchstens 256 Zeichen lang sein.',
  passwordNeedsLetterAndDigit: 'Das Passwort muss mindestens einen Buchstaben und eine Ziffer enthalten.',
  passwordContainsEmail: 'Das Passwort darf den Teil Ihrer E-Mail-Adresse vor dem @ nicht enthalten.',
  forbiddenTitle: 'Anfrage abgelehnt',
  forbiddenText:
    'Das Formular ist abgelaufen oder wurde nicht von dieser Seite gesendet. Bitte starten Sie die Anmeldung erneut.',
  expiredTitle: 'Anmeldung abgelaufen',
  expiredText:
    'Diese Anmeldung ist abgelaufen oder wurde schon abgeschlossen. Bitte kehren Sie zum data marketplace zurück und melden Sie sich erneut an.',
  logoutTitle: 'Abmelden',
  logoutQuestion: 'Möchten Sie sich vom data marketplace abmelden?',
  logoutYes: 'Abmelden',
  loggingOut: 'Sie werden abgemeldet …',
  signedOutTitle: 'Abgemeldet',
  signedOutText: 'Sie haben sich abgemeldet.',
  errorTitle: 'Etwas ist schiefgelaufen',
  errorText: 'Die Anfrage an die Anmeldung konnte nicht bearbeitet werden.',
  errorCode: 'Fehlercode',
};

const en: TMessages = {
  appTitle: 'data marketplace',
  backToApp: 'Back to the data marketplace',
  language: 'Language',
  errorPrefix: 'Error: ',
  signInTitle: 'Sign in',
  signInButton: 'Sign in',
  email: 'E-mail address',
  password: 'Password',
  name: 'Name',
  noAccount: 'No account yet?',
  signUpLink: 'Sign up',
  haveAccount: 'Already have an account?',
  signInLink: 'Sign in',
  cancel: 'Cancel',
  signUpTitle: 'Create an account',
  signUpButton: 'Create account',
  passwordRule:
    'At least 10 characters, with at least one letter and one digit; it must not contain the part of your e-mail address before the @.',
  invalidCredentials: 'The e-mail address or password is wrong.',
  missingCredentials: 'Enter your e-mail address and password.',
  tooManySignIns: (minutes) =>
    `Too many failed sign-ins. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  tooManySignUps: (minutes) =>
    `Too many sign-ups from this network. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  emailInvalid: 'Enter a valid e-mail address.',
  nameRequired: 'Enter your name (at most 100 characters).',
  emailTaken: 'An account with this e-mail address exists. Please sign in.',
  passwordTooShort: 'The password must have at least 10 characters.',
  passwordTooLong: 'The password must have at most 256 characters.',
  passwordNeedsLetterAndDigit: 'The password must contain at least one letter and one digit.',
  passwordContainsEmail: 'The password must not contain the part of your e-mail address before the @.',
  forbiddenTitle: 'Request refused',
  forbiddenText: 'The form has expired or was not sent from this site. Please start signing in again.',
  expiredTitle: 'Sign-in expired',
  expiredText:
    'This sign-in has expired or is already complete. Please go back to the data marketplace and sign in again.',
  logoutTitle: 'Sign out',
  logoutQuestion: 'Do you want to sign out of the data marketplace?',
  logoutYes: 'Sign out',
  loggingOut: 'Signing you out…',
  signedOutTitle: 'Signed out',
  signedOutText: 'You have signed out.',
  errorTitle: 'Something went wrong',
  errorText: 'The request to the sign-in could not be handled.',
  errorCode: 'Error code',
};

/** The texts of one language. */
export const MESSAGES: Record<TLocale, TMessages> = { de, en };
