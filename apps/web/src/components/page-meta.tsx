import { scriptJson } from '@exemplar/shared/script-json';
import { siteOrigin, SITE_DESCRIPTION, SITE_NAME } from '../lib/site';

export interface PageMetaProps {
  /** The document's title, e.g. `Browse Examples — Exemplar`. */
  title: string;
  description?: string;
  /** The page's canonical path (and query), e.g. `/examples/12`. */
  path: string;
  /** Open Graph type: 'website', or 'article' for one example. */
  type?: 'website' | 'article';
  /** schema.org JSON-LD objects describing the page. */
  jsonLd?: readonly object[];
  /** Neighbouring pages of a paged list. */
  prev?: string;
  next?: string;
}

/**
 * What a page says about itself to search engines and link previews: its title, description,
 * canonical URL, Open Graph and Twitter card tags, paging links and JSON-LD. React places the
 * tags in the document's head, on the server and in the browser alike.
 */
export function PageMeta({
  title,
  description,
  path,
  type = 'website',
  jsonLd,
  prev,
  next,
}: PageMetaProps) {
  const text = description ?? SITE_DESCRIPTION;
  const url = `${siteOrigin()}${path}`;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={text} />
      <link rel="canonical" href={url} />
      {prev && <link rel="prev" href={`${siteOrigin()}${prev}`} />}
      {next && <link rel="next" href={`${siteOrigin()}${next}`} />}
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={text} />
      <meta property="og:url" content={url} />
      <meta name="twitter:card" content="summary" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={text} />
      {jsonLd?.map((item, i) => (
        <script
          key={i}
          type="application/ld+json"
          // JSON data, never executed (the Content-Security-Policy allows no inline script).
          dangerouslySetInnerHTML={{ __html: scriptJson(item) }}
        />
      ))}
    </>
  );
}
