import { PAYMENT_MODELS } from '@dsm/contracts';
import { z } from 'zod';

/** The local-storage key of the new-offer draft, as the specification names it. */
export const FORM_CACHE_KEY = 'formCache';

/** The key of the draft of an edit of a published offer, so editing never overwrites a new-offer draft. */
export const editCacheKey = (offerId: string): string => `${FORM_CACHE_KEY}:${offerId}`;

/** Step 1's group: all text, empty by default; categories a list. */
export type TGeneralInfoDraft = {
  title: string;
  description: string;
  keywords: string;
  categories: string[];
  authorName: string;
  authorEmail: string;
  maintainerName: string;
  maintainerEmail: string;
};

/** Step 2's group: the endpoint being typed; filesize a number (0 by default). */
export type TAssetInfoDraft = {
  mimeType: string;
  format: string;
  endpointTitle: string;
  endpointDescription: string;
  accessUrl: string;
  filesize: number;
  sizeUnit: string;
  /** Everyone may preview this endpoint on the details page, also when the offer is paid. */
  isPublicSample: boolean;
  /** Api access type: the header of the supplier's gateway credential; '' for none. */
  credentialHeader: string;
  /** A new secret of the credential, as typed; never written to storage. */
  credentialSecret: string;
  /** The position the offer's stored secret was read back at, kept when no new one is typed; -1 for none. */
  credentialKeepFrom: number;
};

/** Step 3's group: payment type FREE_OF_CHARGE and price 0 by default, the rest empty text. */
export type TLicensingInfoDraft = {
  licenceType: string;
  geoRestriction: string;
  timeRestriction: string;
  timeUnit: string;
  paymentType: string;
  price: number;
  priceUnit: string;
};

/**
 * The wizard's draft in local storage: the specification's three groups, plus the endpoints table
 * and the chosen connector, which the reference keeps in memory only and loses on a reload.
 */
export type TFormCache = {
  generalInfo: TGeneralInfoDraft;
  assetInfo: TAssetInfoDraft;
  licensingInfo: TLicensingInfoDraft;
  endpoints: TAssetInfoDraft[];
  connectorId: string;
};

export const EMPTY_GENERAL_INFO: TGeneralInfoDraft = {
  title: '',
  description: '',
  keywords: '',
  categories: [],
  authorName: '',
  authorEmail: '',
  maintainerName: '',
  maintainerEmail: '',
};

export const EMPTY_ASSET_INFO: TAssetInfoDraft = {
  mimeType: '',
  format: '',
  endpointTitle: '',
  endpointDescription: '',
  accessUrl: '',
  filesize: 0,
  sizeUnit: '',
  isPublicSample: false,
  credentialHeader: '',
  credentialSecret: '',
  credentialKeepFrom: -1,
};

export const EMPTY_LICENSING_INFO: TLicensingInfoDraft = {
  licenceType: '',
  geoRestriction: '',
  timeRestriction: '',
  timeUnit: '',
  paymentType: 'FREE_OF_CHARGE',
  price: 0,
  priceUnit: '',
};

/** A draft with every field at its default. */
export function emptyFormCache(): TFormCache {
  return {
    generalInfo: { ...EMPTY_GENERAL_INFO, categories: [] },
    assetInfo: { ...EMPTY_ASSET_INFO },
    licensingInfo: { ...EMPTY_LICENSING_INFO },
    endpoints: [],
    connectorId: '',
  };
}

/** What a stored field must be, by the kind of its default. */
const FIELD_SCHEMAS = {
  text: z.string(),
  number: z.number().finite(),
  list: z.array(z.string()),
  boolean: z.boolean(),
} as const;
type TFieldKind = keyof typeof FIELD_SCHEMAS;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads one group field by field: a field of the wrong kind falls back to its default and counts as
 * damage, unknown fields are dropped, a missing field takes its default (an older draft).
 */
function readGroup<T extends Record<string, unknown>>(value: unknown, defaults: T): { group: T; isDamaged: boolean } {
  if (value === undefined) return { group: { ...defaults }, isDamaged: false };
  if (!isRecord(value)) return { group: { ...defaults }, isDamaged: true };
  let isDamaged = false;
  const group: Record<string, unknown> = { ...defaults };
  for (const [field, fallback] of Object.entries(defaults)) {
    if (!(field in value)) continue;
    const stored = value[field];
    const kind: TFieldKind = Array.isArray(fallback)
      ? 'list'
      : typeof fallback === 'number'
        ? 'number'
        : typeof fallback === 'boolean'
          ? 'boolean'
          : 'text';
    const parsed = FIELD_SCHEMAS[kind].safeParse(stored);
    if (parsed.success) group[field] = parsed.data;
    else isDamaged = true;
  }
  return { group: group as T, isDamaged };
}

/** What loading a draft found: the draft, and whether stored data had to be thrown away. */
export type TLoadedFormCache = { cache: TFormCache; isRecovered: boolean };

/**
 * Parses a stored draft. Whatever cannot be read (not JSON, a group of the wrong shape, a field of
 * the wrong type) is replaced by its default and reported, so a damaged draft never stops the wizard.
 */
export function parseFormCache(text: string | null): TLoadedFormCache {
  if (text === null) return { cache: emptyFormCache(), isRecovered: false };
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    return { cache: emptyFormCache(), isRecovered: true };
  }
  if (!isRecord(stored)) return { cache: emptyFormCache(), isRecovered: true };
  const general = readGroup(stored.generalInfo, EMPTY_GENERAL_INFO);
  const asset = readGroup(stored.assetInfo, EMPTY_ASSET_INFO);
  const licensing = readGroup(stored.licensingInfo, EMPTY_LICENSING_INFO);
  let isRecovered = general.isDamaged || asset.isDamaged || licensing.isDamaged;
  const endpoints: TAssetInfoDraft[] = [];
  if (stored.endpoints !== undefined) {
    if (Array.isArray(stored.endpoints)) {
      for (const item of stored.endpoints) {
        const endpoint = readGroup(item, EMPTY_ASSET_INFO);
        if (endpoint.isDamaged) isRecovered = true;
        else endpoints.push(endpoint.group);
      }
    } else {
      isRecovered = true;
    }
  }
  let connectorId = '';
  if (typeof stored.connectorId === 'string') connectorId = stored.connectorId;
  else if (stored.connectorId !== undefined) isRecovered = true;
  if (!(PAYMENT_MODELS as readonly string[]).includes(licensing.group.paymentType) && licensing.group.paymentType) {
    licensing.group.paymentType = EMPTY_LICENSING_INFO.paymentType;
    isRecovered = true;
  }
  return {
    cache: {
      generalInfo: general.group,
      assetInfo: asset.group,
      licensingInfo: licensing.group,
      endpoints,
      connectorId,
    },
    isRecovered,
  };
}

/** Where drafts are kept: local storage in the browser, a stand-in in tests. */
export type TDraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Loads the draft under a key; storage that cannot be read counts as no draft. */
export function loadFormCache(storage: TDraftStorage, key: string = FORM_CACHE_KEY): TLoadedFormCache {
  let text: string | null = null;
  try {
    text = storage.getItem(key);
  } catch {
    return { cache: emptyFormCache(), isRecovered: false };
  }
  return parseFormCache(text);
}

/** Saves the draft; answers false when storage refused it (full, or switched off). */
export function saveFormCache(storage: TDraftStorage, cache: TFormCache, key: string = FORM_CACHE_KEY): boolean {
  try {
    // A credential's secret stays in memory: local storage outlives the session and any script may read it.
    storage.setItem(
      key,
      JSON.stringify(cache, (field, value) => (field === 'credentialSecret' ? '' : value)),
    );
    return true;
  } catch {
    return false;
  }
}

/** Forgets the draft, after it was published. */
export function clearFormCache(storage: TDraftStorage, key: string = FORM_CACHE_KEY): void {
  try {
    storage.removeItem(key);
  } catch {
    // Nothing to forget when storage cannot be reached.
  }
}

/** True when a draft differs from the defaults, so there is something to keep. */
export function hasDraftContent(cache: TFormCache): boolean {
  return JSON.stringify(cache) !== JSON.stringify(emptyFormCache());
}
