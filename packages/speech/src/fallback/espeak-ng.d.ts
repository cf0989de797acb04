/** The `espeak-ng` package (eSpeak NG compiled with Emscripten) ships no types: what this package uses of it. */
declare module 'espeak-ng' {
  interface ESpeakNgFs {
    writeFile(path: string, data: string | Uint8Array): void;
    readFile(path: string): Uint8Array;
  }
  interface ESpeakNgModule {
    readonly FS: ESpeakNgFs;
  }
  interface ESpeakNgOptions {
    arguments: string[];
    preRun?: ((module: ESpeakNgModule) => void)[];
    print?: (text: string) => void;
    printErr?: (text: string) => void;
    instantiateWasm?: (
      imports: WebAssembly.Imports,
      receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void,
    ) => object;
  }
  const ESpeakNG: (options: ESpeakNgOptions) => Promise<ESpeakNgModule>;
  export default ESpeakNG;
}

declare module 'espeak-ng/dist/espeak-ng.wasm?url' {
  const url: string;
  export default url;
}
