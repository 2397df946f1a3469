import { Box, Card, Container, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconArrowRight,
  IconChartHistogram,
  IconMathIntegral,
  IconTriangle,
  IconVariable,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import classes from './marketing.module.css';
import { LandingHeading } from './landing-heading';

interface SubjectPreview {
  name: string;
  color: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  description: string;
  formula: string;
}

const subjects: SubjectPreview[] = [
  {
    name: 'Algebra',
    color: 'brand',
    icon: IconVariable,
    description: 'Equations, inequalities, polynomials and functions.',
    formula: '(a + b)² = a² + 2ab + b²',
  },
  {
    name: 'Calculus',
    color: 'grape',
    icon: IconMathIntegral,
    description: 'Limits, derivatives, integrals and series.',
    formula: 'd/dx (sin x) = cos x',
  },
  {
    name: 'Geometry',
    color: 'teal',
    icon: IconTriangle,
    description: 'Angles, shapes, areas, volumes and proofs.',
    formula: 'a² + b² = c²',
  },
  {
    name: 'Statistics',
    color: 'orange',
    icon: IconChartHistogram,
    description: 'Data, probability, distributions and inference.',
    formula: 'x̄ = (Σ xᵢ) / n',
  },
];

export function SubjectsSection() {
  return (
    <Box component="section" className={classes.section} aria-labelledby="subjects-title">
      <Container>
        <LandingHeading
          id="subjects-title"
          eyebrow="Subjects"
          title="Explore by subject"
          description="Each subject is organised into categories and sub-topics, so you can go as broad or as deep as you like."
        />
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
          {subjects.map(({ name, color, icon: Icon, description, formula }) => (
            <Card
              key={name}
              className={classes.subjectCard}
              p="lg"
              style={{ borderTopColor: `var(--mantine-color-${color}-6)` }}
            >
              <Group gap="sm" mb="sm" wrap="nowrap">
                <ThemeIcon size={40} radius="md" variant="light" color={color}>
                  <Icon size={22} stroke={1.7} />
                </ThemeIcon>
                <Title order={3} fz="lg">
                  {name}
                </Title>
              </Group>
              <Text c="dimmed" size="sm" mb="md">
                {description}
              </Text>
              <span
                className={classes.formulaBlock}
                role="img"
                aria-label={`Sample formula: ${formula}`}
              >
                {formula}
              </span>
              <Group
                gap={4}
                mt="lg"
                className={classes.subjectLink}
                // the subject's colour, dark enough for AA contrast in both schemes
                style={{
                  color: `light-dark(color-mix(in srgb, var(--mantine-color-${color}-9) 70%, black), var(--mantine-color-${color}-3))`,
                }}
              >
                {/* The whole card is clickable (stretched link); the name read out still says what it
                    opens, and starts with the visible text (WCAG 2.5.3). */}
                <Text
                  component={Link}
                  to={paths.examplesForSubject(name)}
                  className={classes.stretchedLink}
                  aria-label={`Explore ${name} examples`}
                  size="sm"
                  fw={700}
                  inherit
                >
                  Explore {name}
                </Text>
                <IconArrowRight size={16} />
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
