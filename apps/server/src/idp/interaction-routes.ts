import { ErrorCode } from '@dsm/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { default as Provider } from 'oidc-provider';
import type { TConfig } from '../config/config';
import type { TDb } from '../db/database';
import { AppError } from '../lib/app-error';
import {
  checkPasswordStrength,
  MAX_PASSWORD_LENGTH,
  type TPasswordProblem,
} from '../modules/users/check-password-strength';
import { createUser } from '../modules/users/create-user';
import { verifyCredentials } from '../modules/users/verify-credentials';
import { API_RESOURCE, FIRST_PARTY_SCOPES, issuerPath } from './create-provider';
import { createCsrfToken, isCsrfTokenValid, isForeignOrigin } from './csrf';
import { LOCALES, MESSAGES, type TLocale, type TMessages } from './messages';
import { createScriptNonce, pageHeaders, type TLanguageLinks } from './pages/layout';
import { renderNoticePage } from './pages/notice-page';
import { renderSignInPage } from './pages/sign-in-page';
import { SIGN_UP_LIMITS } from './pages/sign-up-checks';
import { renderSignUpPage, type TSignUpErrors } from './pages/sign-up-page';
import type { TFormLimiter } from './rate-limits';
import { resolveLocale } from './resolve-locale';

type TInteraction = Awaited<ReturnType<Provider['interactionDetails']>>;

export type TInteractionRoutesOptions = {
  config: TConfig;
  db: TDb;
  getProvider: () => Provider;
  /** Key of the forms' CSRF tokens. */
  csrfKey: Buffer;
  limiter: TFormLimiter;
};

const EMAIL = SIGN_UP_LIMITS.email;
const MAX_EMAIL_LENGTH = SIGN_UP_LIMITS.emailMaxLength;
const MAX_NAME_LENGTH = SIGN_UP_LIMITS.nameMaxLength;

const PASSWORD_MESSAGE: Record<TPasswordProblem, keyof TMessages> = {
  too_short: 'passwordTooShort',
  too_long: 'passwordTooLong',
  needs_letter_and_digit: 'passwordNeedsLetterAndDigit',
  contains_email: 'passwordContainsEmail',
};

type TFormBody = Record<string, string | undefined>;

function text(body: unknown, name: string, maxLength: number): string {
  const value = (body as TFormBody | undefined)?.[name];
  return typeof value === 'string' ? value.slice(0, maxLength + 1) : '';
}

/** A rendered page, with the nonce of its inline script when it has one. */
type TPage = string | { html: string; scriptNonce: string };

function sendPage(reply: FastifyReply, status: number, page: TPage): FastifyReply {
  if (typeof page === 'string') return reply.status(status).headers(pageHeaders()).send(page);
  return reply.status(status).headers(pageHeaders(page.scriptNonce)).send(page.html);
}

/**
 * The provider's own pages: sign in, sign up and cancel, answering oidc-provider's login prompt.
 * They live under the realm at `/login-actions/:uid`, the path the interaction cookie is scoped
 * to. Every POST needs the form's CSRF token and a same-site Origin (when the browser sends one).
 */
export function registerInteractionRoutes(app: FastifyInstance, options: TInteractionRoutesOptions): void {
  const { config, db, csrfKey, limiter } = options;
  const realmPath = issuerPath(config);
  const publicOrigin = new URL(config.publicUrl).origin;
  const appUrl = `${config.publicUrl}/`;

  // Only the forms' url-encoded bodies; small, since they hold three fields.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  type TPageContext = { uid: string; locale: TLocale; m: TMessages; languageLinks: TLanguageLinks | undefined };

  const pageContext = (request: FastifyRequest, interaction: TInteraction | null): TPageContext => {
    const uid = (request.params as { uid: string }).uid;
    const uiLocales = interaction?.params.ui_locales;
    const locale = resolveLocale({
      uiLocales,
      lang: (request.query as { lang?: unknown }).lang,
      acceptLanguage: request.headers['accept-language'],
    });
    const here = `${realmPath}/login-actions/${encodeURIComponent(uid)}${request.url.split('?')[0]?.endsWith('/signup') ? '/signup' : ''}`;
    // The app fixes the language with ui_locales; only without it may the page offer a switch.
    const languageLinks =
      typeof uiLocales === 'string' && uiLocales
        ? undefined
        : (Object.fromEntries(LOCALES.map((code) => [code, `${here}?lang=${code}`])) as TLanguageLinks);
    return { uid, locale, m: MESSAGES[locale], languageLinks };
  };

  const urlsFor = (context: TPageContext) => {
    const base = `${realmPath}/login-actions/${encodeURIComponent(context.uid)}`;
    const query = `?lang=${context.locale}`;
    return {
      page: `${base}${query}`,
      signIn: `${base}/login${query}`,
      signUpPage: `${base}/signup${query}`,
      signUp: `${base}/signup${query}`,
      abort: `${base}/abort${query}`,
    };
  };

  /** The interaction of this browser; null when its cookie is gone, expired or for another uid. */
  const loadInteraction = async (request: FastifyRequest, reply: FastifyReply): Promise<TInteraction | null> => {
    try {
      const interaction = await options.getProvider().interactionDetails(request.raw, reply.raw);
      return interaction.uid === (request.params as { uid: string }).uid ? interaction : null;
    } catch (error) {
      if ((error as { name?: string }).name === 'SessionNotFound') return null;
      throw error;
    }
  };

  const sendExpired = (reply: FastifyReply, context: TPageContext) =>
    sendPage(
      reply,
      400,
      renderNoticePage({
        locale: context.locale,
        title: context.m.expiredTitle,
        text: context.m.expiredText,
        link: { href: appUrl, label: context.m.backToApp },
        isError: true,
      }),
    );

  /** Origin and CSRF token of a POST; false after answering 403. */
  const checkForm = (request: FastifyRequest, reply: FastifyReply, context: TPageContext): boolean => {
    const isForeign = isForeignOrigin(request.headers.origin, publicOrigin);
    if (!isForeign && isCsrfTokenValid(csrfKey, context.uid, (request.body as TFormBody | undefined)?.csrf))
      return true;
    request.log.warn({ isForeignOrigin: isForeign }, 'sign-in form refused: CSRF check failed');
    sendPage(
      reply,
      403,
      renderNoticePage({
        locale: context.locale,
        title: context.m.forbiddenTitle,
        text: context.m.forbiddenText,
        link: { href: appUrl, label: context.m.backToApp },
        isError: true,
      }),
    );
    return false;
  };

  /**
   * A handler of a form posted from the interaction's pages: a foreign or forged post is answered 403 and a post
   * to an interaction that is gone the expired page; any other is handled with its page context.
   */
  const formHandler =
    (handle: (request: FastifyRequest, reply: FastifyReply, context: TPageContext) => Promise<unknown>) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const interaction = await loadInteraction(request, reply);
      const context = pageContext(request, interaction);
      if (!checkForm(request, reply, context)) return reply;
      if (!interaction) return sendExpired(reply, context);
      return handle(request, reply, context);
    };

  const finish = async (
    request: FastifyRequest,
    reply: FastifyReply,
    result: Parameters<Provider['interactionResult']>[2],
  ) => {
    const returnTo = await options.getProvider().interactionResult(request.raw, reply.raw, result, {
      mergeWithLastSubmission: false,
    });
    return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
  };

  const signInPage = (context: TPageContext, extra: { email?: string; error?: string } = {}) => {
    const urls = urlsFor(context);
    return renderSignInPage({
      locale: context.locale,
      urls: { signIn: urls.signIn, signUp: urls.signUpPage, abort: urls.abort },
      csrfToken: createCsrfToken(csrfKey, context.uid),
      languageLinks: context.languageLinks,
      ...extra,
    });
  };

  const signUpPage = (
    context: TPageContext,
    extra: { values?: { name: string; email: string }; errors?: TSignUpErrors } = {},
  ): TPage => {
    const urls = urlsFor(context);
    const scriptNonce = createScriptNonce();
    const html = renderSignUpPage({
      locale: context.locale,
      urls: { signUp: urls.signUp, signIn: urls.page, abort: urls.abort },
      csrfToken: createCsrfToken(csrfKey, context.uid),
      languageLinks: context.languageLinks,
      scriptNonce,
      ...extra,
    });
    return { html, scriptNonce };
  };

  /**
   * The consent prompt does not come up for the first-party client (its grant is made when the
   * session is loaded); should a request still ask, the scopes the client may have are granted.
   */
  const grantConsent = async (request: FastifyRequest, reply: FastifyReply, interaction: TInteraction) => {
    const provider = options.getProvider();
    const accountId = interaction.session?.accountId;
    const clientId = String(interaction.params.client_id ?? '');
    if (!accountId || clientId !== config.oidcClientId) return finish(request, reply, { error: 'access_denied' });
    const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
    const grant = existing ?? new provider.Grant({ accountId, clientId });
    grant.addOIDCScope(FIRST_PARTY_SCOPES);
    grant.addResourceScope(API_RESOURCE, FIRST_PARTY_SCOPES);
    const grantId = await grant.save();
    const returnTo = await provider.interactionResult(request.raw, reply.raw, { consent: { grantId } });
    return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
  };

  const showPage = (view: 'signIn' | 'signUp') => async (request: FastifyRequest, reply: FastifyReply) => {
    const interaction = await loadInteraction(request, reply);
    const context = pageContext(request, interaction);
    if (!interaction) return sendExpired(reply, context);
    if (interaction.prompt.name === 'consent') return grantConsent(request, reply, interaction);
    const loginHint = typeof interaction.params.login_hint === 'string' ? interaction.params.login_hint : '';
    return sendPage(
      reply,
      200,
      view === 'signIn'
        ? signInPage(context, loginHint ? { email: loginHint.slice(0, MAX_EMAIL_LENGTH) } : {})
        : signUpPage(context),
    );
  };

  app.get('/login-actions/:uid', showPage('signIn'));
  app.get('/login-actions/:uid/signup', showPage('signUp'));

  app.post(
    '/login-actions/:uid/login',
    formHandler(async (request, reply, context) => {
      const email = text(request.body, 'email', MAX_EMAIL_LENGTH).trim();
      const password = text(request.body, 'password', MAX_PASSWORD_LENGTH);
      if (!email || !password)
        return sendPage(reply, 400, signInPage(context, { email, error: context.m.missingCredentials }));

      const retryAfter = await limiter.takeSignInAttempt(request.ip, email);
      if (retryAfter !== null) {
        reply.header('retry-after', String(retryAfter));
        const error = context.m.tooManySignIns(Math.ceil(retryAfter / 60));
        return sendPage(reply, 429, signInPage(context, { email, error }));
      }
      // Wrong address and wrong password take the same path and time and get the same words.
      const user = password.length > MAX_PASSWORD_LENGTH ? null : await verifyCredentials(db, email, password);
      if (!user) {
        request.log.info('sign-in failed');
        return sendPage(reply, 401, signInPage(context, { email, error: context.m.invalidCredentials }));
      }
      await limiter.signInSucceeded(request.ip, email);
      return finish(request, reply, { login: { accountId: user.id, amr: ['pwd'] } });
    }),
  );

  app.post(
    '/login-actions/:uid/signup',
    formHandler(async (request, reply, context) => {
      const name = text(request.body, 'name', MAX_NAME_LENGTH).trim();
      const email = text(request.body, 'email', MAX_EMAIL_LENGTH).trim();
      const password = text(request.body, 'password', MAX_PASSWORD_LENGTH);
      const values = { name, email };
      const passwordProblem = checkPasswordStrength(password, email);
      const errors: TSignUpErrors = {
        name: name && name.length <= MAX_NAME_LENGTH ? undefined : context.m.nameRequired,
        email: email.length <= MAX_EMAIL_LENGTH && EMAIL.test(email) ? undefined : context.m.emailInvalid,
        password: passwordProblem ? (context.m[PASSWORD_MESSAGE[passwordProblem]] as string) : undefined,
      };
      if (errors.name || errors.email || errors.password)
        return sendPage(reply, 400, signUpPage(context, { values, errors }));

      const retryAfter = await limiter.consumeSignUp(request.ip);
      if (retryAfter !== null) {
        reply.header('retry-after', String(retryAfter));
        const form = context.m.tooManySignUps(Math.ceil(retryAfter / 60));
        return sendPage(reply, 429, signUpPage(context, { values, errors: { form } }));
      }
      try {
        const user = await createUser({ db, email, name, password, roles: [config.userRole] });
        return finish(request, reply, { login: { accountId: user.id, amr: ['pwd'] } });
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== ErrorCode.CONFLICT) throw error;
        return sendPage(reply, 409, signUpPage(context, { values, errors: { form: context.m.emailTaken } }));
      }
    }),
  );

  app.post(
    '/login-actions/:uid/abort',
    formHandler(async (request, reply) =>
      finish(request, reply, { error: 'access_denied', error_description: 'End-User aborted interaction' }),
    ),
  );
}
