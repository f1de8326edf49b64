declare module 'node-gyp-build' {
  /** Loads prebuilds/<platform>-<arch>/*.node, else build/Release or build/Debug, from `dir`. */
  function load(dir: string): unknown;
  namespace load {
    function resolve(dir: string): string;
  }
  export = load;
}
