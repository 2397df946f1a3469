/**
 * The site's origin (`https://host`), for the absolute URLs a page declares about itself
 * (canonical link, Open Graph, JSON-LD). The server sets it for each page it renders and writes it
 * into the page (lib/server-state.ts), so the browser declares the same URLs when it takes over.
 */
let origin = typeof window === 'undefined' ? '' : window.location.origin;

export function setSiteOrigin(value: string): void {
  origin = value.replace(/\/+$/, '');
}

export function siteOrigin(): string {
  return origin;
}

export const SITE_NAME = 'Exemplar';

/** The description of the site as a whole (the home page, and pages with none of their own). */
export const SITE_DESCRIPTION =
  'Exemplar is a free library of worked maths examples — question, answer and step-by-step procedure, beautifully typeset — organised by subject, category, difficulty and type.';
