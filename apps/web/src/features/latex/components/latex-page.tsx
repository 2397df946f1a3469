import { Badge, Card, Container, Grid, Text, Title } from '@mantine/core';
import { PageHero } from '../../../components/page-hero';
import { LatexPlayground } from './latex-playground';
import { SyntaxHelp } from './syntax-help';

/** /latex — the maths demo page: a playground and the syntax at a glance. */
export function LatexPage() {
  return (
    <>
      <PageHero py={{ base: 32, sm: 48 }}>
        <Container>
          <Badge variant="light" size="lg" radius="xl" mb="sm" style={{ textTransform: 'none' }}>
            LaTeX demo
          </Badge>
          <Title order={1} fz={{ base: 30, sm: 40 }} lh={1.15} style={{ letterSpacing: '-0.02em' }}>
            See your maths rendered
          </Title>
          <Text size="lg" c="dimmed" mt="sm" maw={720}>
            Write text with LaTeX maths in it and watch it typeset exactly as it will appear in the
            examples. Start from the sample below or pick one of the snippets.
          </Text>
        </Container>
      </PageHero>
      <Container py={{ base: 24, sm: 40 }}>
        <Grid gap={{ base: 'lg', md: 'xl' }}>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <LatexPlayground />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Card p={{ base: 'md', sm: 'lg' }} style={{ position: 'sticky', top: 88 }}>
              <Title order={2} fz="md" mb="sm">
                Syntax at a glance
              </Title>
              <SyntaxHelp />
            </Card>
          </Grid.Col>
        </Grid>
      </Container>
    </>
  );
}
