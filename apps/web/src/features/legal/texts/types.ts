import type { TOperator } from '@dsm/contracts';

/** One legal page as headed sections of plain paragraphs, so both languages render the same way. */
export type TLegalDocument = {
  title: string;
  /** The version or date line under the title (terms version, policy date). */
  version?: string;
  sections: { heading: string; paragraphs: string[] }[];
};

/** The three legal pages, their routes' names. */
export type TLegalPage = 'impressum' | 'dataProtection' | 'terms';

/** The texts of one language, each filled in with the operator's details from the configuration. */
export type TLegalTexts = Record<TLegalPage, (operator: TOperator) => TLegalDocument>;
