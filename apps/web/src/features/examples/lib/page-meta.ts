import type { Example } from '@exemplar/shared/catalogue';
import { mathPlainText, truncateText } from '@exemplar/shared/math';
import type { PageMetaProps } from '../../../components/page-meta';
import { siteOrigin, SITE_NAME } from '../../../lib/site';
import { indexCategoryTree } from '../../../lib/category-tree';
import {
  EMPTY_FILTERS,
  examplesListPagePath,
  examplesListPath,
  type ExampleFilters,
  type FilterCatalogue,
} from '../../../api/example-filters';

/** Search results show about this much of a title and of a description. */
const TITLE_CHARS = 60;
const DESCRIPTION_CHARS = 155;

/** The list /examples shows for `filters`, as search engines should know it (no personal filters). */
function publicFilters(filters: ExampleFilters): ExampleFilters {
  return { ...filters, liked: null, solved: null };
}

/** The trail of links from the catalogue to a category: subject, then each category down. */
function categoryTrail(
  catalogue: FilterCatalogue,
  subjectId: number | null,
  categoryId: number | null,
) {
  const location =
    categoryId === null ? undefined : indexCategoryTree(catalogue.categoryTree).get(categoryId);
  const subject = location?.subject ?? catalogue.subjects.find((s) => s.id === subjectId);
  if (!subject) return [];
  return [
    { name: subject.name, path: examplesListPath({ ...EMPTY_FILTERS, subjectId: subject.id }) },
    ...(location?.path ?? []).map((node) => ({
      name: node.name,
      path: examplesListPath({ ...EMPTY_FILTERS, subjectId: subject.id, categoryId: node.id }),
    })),
  ];
}

function breadcrumbList(items: { name: string; path: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: `${siteOrigin()}${item.path}`,
    })),
  };
}

/**
 * One example's page: its question as title and description (maths read as plain text), and
 * JSON-LD describing it as a practice problem (a schema.org Quiz of one Question whose accepted
 * answer is the example's answer, with the category and difficulty) and its category path.
 */
export function examplePageMeta(example: Example, catalogue: FilterCatalogue): PageMetaProps {
  const question = mathPlainText(example.question);
  const answer = mathPlainText(example.answer);
  const trail = categoryTrail(catalogue, example.subjectId, example.categoryId);
  const difficulty = catalogue.difficulties.find((d) => d.id === example.difficultyId)?.name;
  const category = trail.at(-1)?.name;
  const path = `/examples/${example.id}`;
  const title = `${truncateText(question || `Example ${example.id}`, TITLE_CHARS)} — ${SITE_NAME}`;
  const description = truncateText(
    `${category ? `${category}: ` : ''}${question} Worked example with answer and step-by-step procedure.`,
    DESCRIPTION_CHARS,
  );
  const quiz = {
    '@context': 'https://schema.org',
    '@type': 'Quiz',
    name: `Example ${example.id}`,
    url: `${siteOrigin()}${path}`,
    ...(category ? { about: { '@type': 'Thing', name: category } } : {}),
    ...(difficulty ? { educationalLevel: difficulty } : {}),
    dateCreated: example.createdAt,
    dateModified: example.updatedAt,
    hasPart: [
      {
        '@type': 'Question',
        eduQuestionType: 'Flashcard',
        text: question,
        acceptedAnswer: { '@type': 'Answer', text: answer },
      },
    ],
  };
  const crumbs = [
    { name: 'Examples', path: '/examples' },
    ...trail,
    { name: `Example ${example.id}`, path },
  ];
  return { title, description, path, type: 'article', jsonLd: [quiz, breadcrumbList(crumbs)] };
}

/**
 * The list of examples for `filters` from page `page`: titled by its category, subject or search
 * (and page), its canonical URL the filters and page it shows (the personal filters left out),
 * with its category path as breadcrumbs and links to the pages before and after it.
 */
export function examplesPageMeta(
  filters: ExampleFilters,
  catalogue: FilterCatalogue,
  { total, page, hasNext }: { total: number | undefined; page: number; hasNext: boolean },
): PageMetaProps {
  const shown = publicFilters(filters);
  const path = examplesListPagePath(shown, page);
  const trail = categoryTrail(catalogue, shown.subjectId, shown.categoryId);
  const place = trail.at(-1)?.name;
  const name = shown.q
    ? `Search “${truncateText(shown.q, 40)}” — Browse Examples`
    : place
      ? `${place} — Browse Examples`
      : 'Browse Examples';
  const title = `${name}${page > 1 ? `, page ${page}` : ''} — ${SITE_NAME}`;
  const count =
    total === undefined
      ? 'Worked maths examples'
      : `${total} worked maths example${total === 1 ? '' : 's'}`;
  const description = `${count}${place ? ` in ${place}` : ''}, each with its question, answer and step-by-step procedure, beautifully typeset.`;
  const jsonLd = trail.length
    ? [breadcrumbList([{ name: 'Examples', path: '/examples' }, ...trail])]
    : [];
  return {
    title,
    description,
    path,
    jsonLd,
    prev: page > 1 ? examplesListPagePath(shown, page - 1) : undefined,
    next: hasNext ? examplesListPagePath(shown, page + 1) : undefined,
  };
}
