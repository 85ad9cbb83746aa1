import { CART_STORAGE_KEY, parseCarts, type TCartEntry, type TParsedCarts } from './cart-storage';

/**
 * The carts in local storage as an external store for React: every component reading the cart
 * sees the same snapshot, changes in another tab arrive through the storage event, and a snapshot
 * is only rebuilt when the stored text changed.
 */

const listeners = new Set<() => void>();
let cached: { raw: string | null; parsed: TParsedCarts } | null = null;
/** A value kept in memory when storage refuses writes (private mode, quota), so the page still works. */
let fallbackRaw: string | null = null;
let isStorageWritable = true;

function readRaw(): string | null {
  if (!isStorageWritable) return fallbackRaw;
  try {
    return localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    return fallbackRaw;
  }
}

/** The current carts; the same object until the stored text changes. */
export function readCarts(): TParsedCarts {
  const raw = readRaw();
  if (!cached || cached.raw !== raw) cached = { raw, parsed: parseCarts(raw) };
  return cached.parsed;
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** Stores the carts and tells every reader. */
export function writeCarts(entries: readonly TCartEntry[]): void {
  const raw = JSON.stringify(entries);
  try {
    localStorage.setItem(CART_STORAGE_KEY, raw);
    isStorageWritable = true;
  } catch {
    // The cart then lives as long as the page; losing it on reload beats refusing to add.
    isStorageWritable = false;
    fallbackRaw = raw;
  }
  notify();
}

/**
 * Rewrites damaged storage with what could be read. True only for the call that repaired it, so
 * the user is told once even when several components notice.
 */
export function repairCarts(): boolean {
  const { entries, isDamaged } = readCarts();
  if (!isDamaged) return false;
  writeCarts(entries);
  return true;
}

function handleStorage(event: StorageEvent): void {
  if (event.key === null || event.key === CART_STORAGE_KEY) notify();
}

/** Subscribes to cart changes in this tab and others. */
export function subscribeToCarts(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', handleStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', handleStorage);
  };
}
