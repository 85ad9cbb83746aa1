import type { TPaymentModel } from '@dsm/contracts';
import type { TOfferText } from './catalogue-rows';

/** An agent as stored: the same id is one row however many offers name it. */
export type TAgentRecord = {
  id: string;
  type: 'foaf:Organization' | 'foaf:Person';
  /** foaf:name of an organisation. */
  name?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
};

export type TDistributionRecord = {
  id: string;
  title: string;
  mediaType: string | null;
  format: string | null;
  /** The licence as the publisher wrote it (an id, a title or a URL). */
  licence: string | null;
  accessUrl: string | null;
  byteSize: number | null;
};

export type TDatasetRecord = {
  id: string;
  issued: Date | null;
  modified: Date | null;
  publisher: TAgentRecord;
  creator: TAgentRecord | null;
  custodian: TAgentRecord | null;
  /** Category names (dcat:theme). */
  themes: string[];
  distributions: TDistributionRecord[];
};

/** One offer with everything it owns, ready for the bulk loader. */
export type TOfferRecord = TOfferText & {
  paymentModel: TPaymentModel;
  /** Euros; 0 for free offers. */
  price: number;
  isSellable: boolean;
  author: string | null;
  authorEmail: string | null;
  maintainer: string | null;
  maintainerEmail: string | null;
  providerUrl: string | null;
  provider: string | null;
  country: string | null;
  termsOfUse: string | null;
  period: string | null;
  accessType: 'DIRECT' | 'API' | 'CONNECTOR' | null;
  contentType: 'DATA' | 'SERVICE' | null;
  datasets: TDatasetRecord[];
};
