// Entry point `@exemplar/shared/math`: kept out of the main index so importing the contract
// does not pull in KaTeX.
export * from './math/index';
