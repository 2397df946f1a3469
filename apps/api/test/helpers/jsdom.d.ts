// The part of jsdom (a root devDependency, without its own types) that helpers/xml.ts uses.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
