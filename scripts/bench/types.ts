// The shapes the bench's parts share: which engine, the generated catalogue, and the rows each
// measurement gives (engine.ts measures them, pages.ts and drafts.ts add their own, api-report.ts
// writes them).
import type { generateCatalogue } from './generate';

export type Engine = 'sqlite' | 'postgres';

/** The generated catalogue's ids (`generateCatalogue`). */
export type Catalogue = Awaited<ReturnType<typeof generateCatalogue>>;

export interface Row {
  engine: string;
  endpoint: string;
  bytes: number;
  rps: number;
  p50: number;
  p99: number;
  ceilingRps: number;
  ceilingP99: number;
  /** The body alone, with no headers beyond content type: what the app's headers cost. */
  bareRps: number;
  errors: number;
}

/** A signed-in caller's measurement of one endpoint. */
export interface SignedInRow {
  engine: string;
  endpoint: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Rows of the cold measurement: every request asks a query the server has not seen before. */
export interface ColdRow {
  engine: string;
  caller: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}
