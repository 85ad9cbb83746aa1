/** An offer as demo mode shows it: `isDemoSellable` marks one only demo mode calls sellable. */
export type TDemoModeItem<T> = T & {
  /**
   * True when demo mode forced isSellable: its supplier does not sell it, so the checkout would
   * refuse it; the cart keeps it out and says why.
   */
  isDemoSellable?: boolean;
};

/**
 * Demo mode lets every offer be bought: a fetched item is forced to isSellable=true, as the
 * reference does, and marked `isDemoSellable` so the cart can tell. Outside demo mode the item is
 * left as it came.
 */
export function applyDemoMode<T extends { isSellable: boolean }>(item: T, isDemoMode: boolean): TDemoModeItem<T> {
  return isDemoMode && !item.isSellable ? { ...item, isSellable: true, isDemoSellable: true } : item;
}

/** True for an offer only demo mode calls sellable (its supplier does not sell it). */
export function isDemoSellable(item: object): boolean {
  return 'isDemoSellable' in item && item.isDemoSellable === true;
}
