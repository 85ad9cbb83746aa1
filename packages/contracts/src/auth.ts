import { z } from 'zod';
import { endpointGroup } from './endpoint';

const authApi = endpointGroup('auth');

/** The operator's details for the Impressum and the other legal pages, set by configuration (OPERATOR_*). */
export const ZOperator = z.object({
  /** Company name with legal form. */
  company: z.string(),
  /** Postal address on one line. */
  address: z.string(),
  /** Commercial register entry: number and court. */
  register: z.string(),
  /** VAT identification number. */
  vatId: z.string(),
  /** Contact e-mail address (also for support and abuse reports). */
  email: z.string(),
  /** Contact phone number. */
  phone: z.string(),
  /** True while every detail is still the fictitious demo value, so the pages can say so. */
  isDemo: z.boolean(),
  /** The dates of the legal texts in force, yyyy-mm-dd, set by the operator (LEGAL_*_DATE). */
  legalDates: z.object({
    /** The privacy policy's date; its page shows the month and year. */
    privacyPolicy: z.string(),
    /** The terms' version date. */
    terms: z.string(),
  }),
});
export type TOperator = z.infer<typeof ZOperator>;

/**
 * The issuer's endpoints as its discovery document names them; handed to the web app with its
 * settings, so a new tab does not fetch the discovery document before it can sign in or refresh.
 */
export const ZProviderMetadata = z.object({
  issuer: z.string().url(),
  authorization_endpoint: z.string().url(),
  token_endpoint: z.string().url(),
  userinfo_endpoint: z.string().url(),
  end_session_endpoint: z.string().url(),
  jwks_uri: z.string().url(),
  revocation_endpoint: z.string().url().optional(),
});
export type TProviderMetadata = z.infer<typeof ZProviderMetadata>;

/** What the web app needs to sign people in, read at start so one build serves every deployment. */
export const ZAppConfig = z.object({
  /** The OpenID Connect issuer (the embedded realm or an external Keycloak realm). */
  issuer: z.string().url(),
  /** The public client of the web app. */
  clientId: z.string(),
  /** The role every page and call requires: `${PRODUCT_ID}_USER`. */
  userRole: z.string(),
  /** Dot path of the roles array in access tokens, for example `realm_access.roles`. */
  rolesClaim: z.string(),
  /** True when the embedded provider serves sign-in (it offers sign-up). */
  isEmbeddedIdp: z.boolean(),
  /** The operator's details for the legal pages. */
  operator: ZOperator,
  /** The issuer's endpoints; absent while the server has not read them (the app then discovers them). */
  metadata: ZProviderMetadata.optional(),
});
export type TAppConfig = z.infer<typeof ZAppConfig>;

export const appConfigEndpoint = authApi('GET /app-config.json', {
  answer: ZAppConfig,
  summary: 'Sign-in settings and operator details of the web app',
  errors: [],
});
