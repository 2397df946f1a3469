/** The web build's files that get a .br and a .gz copy beside them (see compressible-files.mjs). */
export declare const COMPRESSIBLE: RegExp;
