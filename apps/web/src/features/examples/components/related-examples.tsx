import { Badge, Card, Stack, Title } from '@mantine/core';
import type { Example } from '@exemplar/shared/catalogue';
import { Link } from 'react-router';
import { MathText } from '../../../components/math/math-text';
import { exampleDetailPath } from '../../../api/example-filters';
import classes from './examples.module.css';

/**
 * "More like this" on an example's page: the examples most like it (same category, shared words),
 * each a link showing its question typeset as in the lists and its category. Nothing when none.
 */
export function RelatedExamples({
  examples,
  categoryName,
}: {
  examples: Example[] | undefined;
  /** The name of a category by id ('Unknown' when it is not in the tree). */
  categoryName: (id: number) => string;
}) {
  if (!examples || examples.length === 0) return null;
  return (
    <Stack component="section" gap="sm" aria-labelledby="related-title" data-testid="related">
      <Title order={2} fz={{ base: 'lg', sm: 'xl' }} id="related-title">
        More like this
      </Title>
      <ul className={classes.relatedList}>
        {examples.map((e) => (
          <li key={e.id}>
            <Card
              component={Link}
              to={exampleDetailPath(e.id)}
              withBorder
              padding="sm"
              className={classes.relatedCard}
            >
              <Stack gap={6}>
                <MathText text={e.question} errorLabel="(LaTeX Error)" className={classes.math} />
                <Badge
                  variant="outline"
                  color="gray"
                  tt="none"
                  maw="100%"
                  styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
                >
                  {categoryName(e.categoryId)}
                </Badge>
              </Stack>
            </Card>
          </li>
        ))}
      </ul>
    </Stack>
  );
}
