import { DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGES, type TLanguage } from '@dsm/contracts';

/** Languages of the provider's pages: the product's, German the default, as in the web app. */
export const LOCALES = LANGUAGES;
export type TLocale = TLanguage;
export const DEFAULT_LOCALE: TLocale = DEFAULT_LANGUAGE;

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
  unavailableTitle: string;
  unavailableText: string;
  tryAgain: string;
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
  unavailableTitle: 'Die Anmeldung ist gleich wieder da',
  unavailableText:
    'Die Anmeldung kann gerade ihre Daten nicht erreichen. Diese Seite versucht es in wenigen Sekunden von selbst noch einmal.',
  tryAgain: 'Jetzt erneut versuchen',
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
  unavailableTitle: 'Sign-in is back in a moment',
  unavailableText: 'The sign-in cannot reach its data right now. This page tries again by itself in a few seconds.',
  tryAgain: 'Try again now',
  errorCode: 'Error code',
};

const fr: TMessages = {
  appTitle: 'data marketplace',
  backToApp: 'Retour au data marketplace',
  language: 'Langue',
  errorPrefix: 'Erreur : ',
  signInTitle: 'Se connecter',
  signInButton: 'Se connecter',
  email: 'Adresse e-mail',
  password: 'Mot de passe',
  name: 'Nom',
  noAccount: 'Pas encore de compte ?',
  signUpLink: 'Créer un compte',
  haveAccount: 'Vous avez déjà un compte ?',
  signInLink: 'Se connecter',
  cancel: 'Annuler',
  signUpTitle: 'Créer un compte',
  signUpButton: 'Créer le compte',
  passwordRule:
    'Au moins 10 caractères, dont au moins une lettre et un chiffre ; la partie de votre adresse e-mail avant le @ ne doit pas y figurer.',
  invalidCredentials: "L'adresse e-mail ou le mot de passe est incorrect.",
  missingCredentials: 'Saisissez votre adresse e-mail et votre mot de passe.',
  tooManySignIns: (minutes) =>
    `Trop de connexions échouées. Veuillez réessayer dans ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  tooManySignUps: (minutes) =>
    `Trop d'inscriptions depuis ce réseau. Veuillez réessayer dans ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  emailInvalid: 'Saisissez une adresse e-mail valide.',
  nameRequired: 'Saisissez votre nom (100 caractères au plus).',
  emailTaken: 'Un compte existe déjà avec cette adresse e-mail. Veuillez vous connecter.',
  passwordTooShort: 'Le mot de passe doit comporter au moins 10 caractères.',
  passwordTooLong: 'Le mot de passe doit comporter au plus 256 caractères.',
  passwordNeedsLetterAndDigit: 'Le mot de passe doit contenir au moins une lettre et un chiffre.',
  passwordContainsEmail: 'Le mot de passe ne doit pas contenir la partie de votre adresse e-mail avant le @.',
  forbiddenTitle: 'Demande refusée',
  forbiddenText: "Le formulaire a expiré ou n'a pas été envoyé depuis ce site. Veuillez recommencer la connexion.",
  expiredTitle: 'Connexion expirée',
  expiredText:
    'Cette connexion a expiré ou est déjà terminée. Veuillez retourner au data marketplace et vous reconnecter.',
  logoutTitle: 'Se déconnecter',
  logoutQuestion: 'Voulez-vous vous déconnecter du data marketplace ?',
  logoutYes: 'Se déconnecter',
  loggingOut: 'Déconnexion en cours…',
  signedOutTitle: 'Déconnecté',
  signedOutText: 'Vous êtes déconnecté.',
  errorTitle: "Une erreur s'est produite",
  errorText: "La demande de connexion n'a pas pu être traitée.",
  unavailableTitle: 'La connexion revient dans un instant',
  unavailableText:
    "La connexion ne peut pas accéder à ses données pour le moment. Cette page réessaie d'elle-même dans quelques secondes.",
  tryAgain: 'Réessayer maintenant',
  errorCode: "Code d'erreur",
};

const es: TMessages = {
  appTitle: 'data marketplace',
  backToApp: 'Volver al data marketplace',
  language: 'Idioma',
  errorPrefix: 'Error: ',
  signInTitle: 'Iniciar sesión',
  signInButton: 'Iniciar sesión',
  email: 'Dirección de correo electrónico',
  password: 'Contraseña',
  name: 'Nombre',
  noAccount: '¿Aún no tiene cuenta?',
  signUpLink: 'Registrarse',
  haveAccount: '¿Ya tiene una cuenta?',
  signInLink: 'Iniciar sesión',
  cancel: 'Cancelar',
  signUpTitle: 'Crear una cuenta',
  signUpButton: 'Crear cuenta',
  passwordRule:
    'Al menos 10 caracteres, con al menos una letra y un dígito; no debe contener la parte de su dirección de correo anterior a la @.',
  invalidCredentials: 'La dirección de correo o la contraseña no son correctas.',
  missingCredentials: 'Introduzca su dirección de correo y su contraseña.',
  tooManySignIns: (minutes) =>
    `Demasiados inicios de sesión fallidos. Vuelva a intentarlo dentro de ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
  tooManySignUps: (minutes) =>
    `Demasiados registros desde esta red. Vuelva a intentarlo dentro de ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
  emailInvalid: 'Introduzca una dirección de correo válida.',
  nameRequired: 'Introduzca su nombre (como máximo 100 caracteres).',
  emailTaken: 'Ya existe una cuenta con esta dirección de correo. Inicie sesión.',
  passwordTooShort: 'La contraseña debe tener al menos 10 caracteres.',
  passwordTooLong: 'La contraseña debe tener como máximo 256 caracteres.',
  passwordNeedsLetterAndDigit: 'La contraseña debe contener al menos una letra y un dígito.',
  passwordContainsEmail: 'La contraseña no debe contener la parte de su dirección de correo anterior a la @.',
  forbiddenTitle: 'Solicitud rechazada',
  forbiddenText: 'El formulario ha caducado o no se envió desde este sitio. Vuelva a iniciar sesión.',
  expiredTitle: 'Inicio de sesión caducado',
  expiredText:
    'Este inicio de sesión ha caducado o ya se ha completado. Vuelva al data marketplace e inicie sesión de nuevo.',
  logoutTitle: 'Cerrar sesión',
  logoutQuestion: '¿Desea cerrar la sesión del data marketplace?',
  logoutYes: 'Cerrar sesión',
  loggingOut: 'Cerrando la sesión…',
  signedOutTitle: 'Sesión cerrada',
  signedOutText: 'Ha cerrado la sesión.',
  errorTitle: 'Algo ha salido mal',
  errorText: 'No se ha podido procesar la solicitud de inicio de sesión.',
  unavailableTitle: 'El inicio de sesión vuelve en un momento',
  unavailableText:
    'El inicio de sesión no puede acceder a sus datos en este momento. Esta página lo vuelve a intentar sola en unos segundos.',
  tryAgain: 'Reintentar ahora',
  errorCode: 'Código de error',
};

const it: TMessages = {
  appTitle: 'data marketplace',
  backToApp: 'Torna al data marketplace',
  language: 'Lingua',
  errorPrefix: 'Errore: ',
  signInTitle: 'Accedi',
  signInButton: 'Accedi',
  email: 'Indirizzo e-mail',
  password: 'Password',
  name: 'Nome',
  noAccount: 'Non hai ancora un account?',
  signUpLink: 'Registrati',
  haveAccount: 'Hai già un account?',
  signInLink: 'Accedi',
  cancel: 'Annulla',
  signUpTitle: 'Crea un account',
  signUpButton: 'Crea account',
  passwordRule:
    'Almeno 10 caratteri, con almeno una lettera e una cifra; non deve contenere la parte del tuo indirizzo e-mail prima della @.',
  invalidCredentials: "L'indirizzo e-mail o la password non sono corretti.",
  missingCredentials: 'Inserisci il tuo indirizzo e-mail e la password.',
  tooManySignIns: (minutes) =>
    `Troppi accessi non riusciti. Riprova tra ${minutes} ${minutes === 1 ? 'minuto' : 'minuti'}.`,
  tooManySignUps: (minutes) =>
    `Troppe registrazioni da questa rete. Riprova tra ${minutes} ${minutes === 1 ? 'minuto' : 'minuti'}.`,
  emailInvalid: 'Inserisci un indirizzo e-mail valido.',
  nameRequired: 'Inserisci il tuo nome (al massimo 100 caratteri).',
  emailTaken: 'Esiste già un account con questo indirizzo e-mail. Accedi.',
  passwordTooShort: 'La password deve avere almeno 10 caratteri.',
  passwordTooLong: 'La password deve avere al massimo 256 caratteri.',
  passwordNeedsLetterAndDigit: 'La password deve contenere almeno una lettera e una cifra.',
  passwordContainsEmail: 'La password non deve contenere la parte del tuo indirizzo e-mail prima della @.',
  forbiddenTitle: 'Richiesta rifiutata',
  forbiddenText: 'Il modulo è scaduto o non è stato inviato da questo sito. Ricomincia l’accesso.',
  expiredTitle: 'Accesso scaduto',
  expiredText: 'Questo accesso è scaduto o è già stato completato. Torna al data marketplace e accedi di nuovo.',
  logoutTitle: 'Esci',
  logoutQuestion: 'Vuoi uscire dal data marketplace?',
  logoutYes: 'Esci',
  loggingOut: 'Uscita in corso…',
  signedOutTitle: 'Disconnesso',
  signedOutText: 'Sei uscito.',
  errorTitle: 'Qualcosa è andato storto',
  errorText: 'Non è stato possibile gestire la richiesta di accesso.',
  unavailableTitle: "L'accesso torna tra un attimo",
  unavailableText:
    "L'accesso non riesce a raggiungere i suoi dati in questo momento. Questa pagina riprova da sola tra pochi secondi.",
  tryAgain: 'Riprova ora',
  errorCode: 'Codice di errore',
};

const pt: TMessages = {
  appTitle: 'data marketplace',
  backToApp: 'Voltar ao data marketplace',
  language: 'Idioma',
  errorPrefix: 'Erro: ',
  signInTitle: 'Iniciar sessão',
  signInButton: 'Iniciar sessão',
  email: 'Endereço de e-mail',
  password: 'Palavra-passe',
  name: 'Nome',
  noAccount: 'Ainda não tem conta?',
  signUpLink: 'Registar-se',
  haveAccount: 'Já tem uma conta?',
  signInLink: 'Iniciar sessão',
  cancel: 'Cancelar',
  signUpTitle: 'Criar uma conta',
  signUpButton: 'Criar conta',
  passwordRule:
    'Pelo menos 10 caracteres, com pelo menos uma letra e um algarismo; não pode conter a parte do seu endereço de e-mail antes do @.',
  invalidCredentials: 'O endereço de e-mail ou a palavra-passe estão incorretos.',
  missingCredentials: 'Introduza o seu endereço de e-mail e a palavra-passe.',
  tooManySignIns: (minutes) =>
    `Demasiadas tentativas de início de sessão falhadas. Tente novamente dentro de ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
  tooManySignUps: (minutes) =>
    `Demasiados registos a partir desta rede. Tente novamente dentro de ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
  emailInvalid: 'Introduza um endereço de e-mail válido.',
  nameRequired: 'Introduza o seu nome (no máximo 100 caracteres).',
  emailTaken: 'Já existe uma conta com este endereço de e-mail. Inicie sessão.',
  passwordTooShort: 'A palavra-passe tem de ter pelo menos 10 caracteres.',
  passwordTooLong: 'A palavra-passe pode ter no máximo 256 caracteres.',
  passwordNeedsLetterAndDigit: 'A palavra-passe tem de conter pelo menos uma letra e um algarismo.',
  passwordContainsEmail: 'A palavra-passe não pode conter a parte do seu endereço de e-mail antes do @.',
  forbiddenTitle: 'Pedido recusado',
  forbiddenText: 'O formulário expirou ou não foi enviado a partir deste site. Inicie sessão novamente.',
  expiredTitle: 'Início de sessão expirado',
  expiredText:
    'Este início de sessão expirou ou já foi concluído. Volte ao data marketplace e inicie sessão novamente.',
  logoutTitle: 'Terminar sessão',
  logoutQuestion: 'Pretende terminar a sessão no data marketplace?',
  logoutYes: 'Terminar sessão',
  loggingOut: 'A terminar a sessão…',
  signedOutTitle: 'Sessão terminada',
  signedOutText: 'Terminou a sessão.',
  errorTitle: 'Algo correu mal',
  errorText: 'Não foi possível tratar o pedido de início de sessão.',
  unavailableTitle: 'O início de sessão volta dentro de momentos',
  unavailableText:
    'O início de sessão não consegue aceder aos seus dados neste momento. Esta página tenta de novo sozinha dentro de segundos.',
  tryAgain: 'Tentar de novo agora',
  errorCode: 'Código de erro',
};

/** The texts of one language. */
export const MESSAGES: Record<TLocale, TMessages> = { de, en, fr, es, it, pt };

/** Each language's name in itself, for the pages' language links. */
export const LOCALE_NAMES: Record<TLocale, string> = LANGUAGE_NAMES;
