declare module 'node-gyp-build' {
  /** Loads build/Release or build/Debug, else prebuilds/<platform>-<arch>/*.node, from `dir`. */
  function load(dir: string): unknown;
  namespace load {
    function resolve(dir: string): string;
  }
  export = load;
}
