/**
 * A module of contracts (zod and the schemas built with it) that a page loads apart from its first
 * screen: zod's chunk is some 26 KB gzip, which a phone would otherwise download and run before the
 * page draws anything. Once loaded, the module is at hand synchronously.
 */
export type TLazyContract<TModule> = {
  /** Loads the module, or hands the load under way; after a failed load the next call tries again. */
  load: () => Promise<TModule>;
  /** The module once it has loaded, null before. */
  loaded: () => TModule | null;
  /** True once a load has failed (and none has succeeded since). */
  hasFailed: () => boolean;
};

/** A contract module loaded by `importModule` on first use. */
export function lazyContract<TModule>(importModule: () => Promise<TModule>): TLazyContract<TModule> {
  let module: TModule | null = null;
  let loading: Promise<TModule> | null = null;
  let hasFailed = false;
  const load = (): Promise<TModule> => {
    if (module) return Promise.resolve(module);
    loading ??= importModule().then(
      (loadedModule) => {
        module = loadedModule;
        hasFailed = false;
        return loadedModule;
      },
      (error: unknown) => {
        loading = null;
        hasFailed = true;
        throw error;
      },
    );
    return loading;
  };
  return {
    load,
    loaded: () => module,
    hasFailed: () => hasFailed,
  };
}
