/**
 * Demo mode lets every offer be bought: a fetched item is forced to isSellable=true, as the
 * reference does. Outside demo mode the item is left as it came.
 */
export function applyDemoMode<T extends { isSellable: boolean }>(item: T, isDemoMode: boolean): T {
  return isDemoMode && !item.isSellable ? { ...item, isSellable: true } : item;
}
