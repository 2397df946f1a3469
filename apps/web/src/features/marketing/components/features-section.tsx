import { Box, Card, Container, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconChartBar,
  IconChecklist,
  IconDeviceLaptop,
  IconListNumbers,
  IconMathFunction,
  IconSitemap,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import classes from './marketing.module.css';
import { LandingHeading } from './landing-heading';

interface Feature {
  icon: ComponentType<{ size?: number; stroke?: number }>;
  color: string;
  title: string;
  description: string;
}

const features: Feature[] = [
  {
    icon: IconListNumbers,
    color: 'brand',
    title: 'Step-by-step procedures',
    description:
      'Every example shows how to get from the question to the answer, not just the final result.',
  },
  {
    icon: IconMathFunction,
    color: 'grape',
    title: 'Beautifully typeset maths',
    description:
      'Formulas are rendered with KaTeX: crisp at any zoom level and readable by screen readers.',
  },
  {
    icon: IconSitemap,
    color: 'cyan',
    title: 'Organised to explore',
    description:
      'Drill down from subject to category to sub-topic and find exactly the kind of problem you need.',
  },
  {
    icon: IconChartBar,
    color: 'orange',
    title: 'Graded difficulty',
    description:
      'Warm up with easy examples, then work through intermediate and hard ones — and the odd insane one.',
  },
  {
    icon: IconChecklist,
    color: 'teal',
    title: 'Track your progress',
    description:
      'Sign in to like examples and mark them solved, then filter to what you still need to practise.',
  },
  {
    icon: IconDeviceLaptop,
    color: 'pink',
    title: 'Anywhere, any device',
    description:
      'A fast, responsive site with light and dark modes for phones, tablets and desktops alike.',
  },
];

export function FeaturesSection() {
  return (
    <Box component="section" className={classes.section} aria-labelledby="features-title">
      <Container>
        <LandingHeading
          id="features-title"
          eyebrow="Why Exemplar"
          title="Everything you need to learn from examples"
          description="Seeing a problem solved well is one of the fastest ways to learn. Exemplar makes those solutions easy to find and pleasant to read."
        />
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {features.map(({ icon: Icon, color, title, description }) => (
            <Card key={title} className={classes.featureCard} p="xl">
              <ThemeIcon size={48} radius="md" variant="light" color={color} mb="md">
                <Icon size={26} stroke={1.6} />
              </ThemeIcon>
              <Title order={3} fz="lg" mb={6}>
                {title}
              </Title>
              <Text c="dimmed" size="sm" lh={1.6}>
                {description}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
