import { z } from 'zod';

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
});
export type TOperator = z.infer<typeof ZOperator>;

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
});
export type TAppConfig = z.infer<typeof ZAppConfig>;

export const appConfigEndpoint = { method: 'GET', path: '/app-config.json' } as const;
