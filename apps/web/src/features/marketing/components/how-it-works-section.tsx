import {
  Box,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import classes from './marketing.module.css';
import { LandingHeading } from './landing-heading';

const steps = [
  {
    title: 'Choose a subject',
    description:
      'Start with Algebra, Calculus, Geometry, Statistics or another subject, then narrow it down to a category and sub-topic.',
  },
  {
    title: 'Filter to your level',
    description:
      'Pick a difficulty and a problem type to see examples that match what you are studying right now.',
  },
  {
    title: 'Learn from the solution',
    description:
      'Read the question, try it yourself, then compare your work with the worked procedure and the answer.',
  },
];

export function HowItWorksSection() {
  return (
    <Box component="section" className={classes.sectionAlt} aria-labelledby="how-title">
      <Container>
        <LandingHeading
          id="how-title"
          eyebrow="How it works"
          title="From question to confidence in three steps"
        />
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {steps.map((step, index) => (
            <Paper key={step.title} p="xl" withBorder h="100%">
              <Stack gap="md">
                <Group gap="md" wrap="nowrap">
                  <div className={classes.stepNumber} aria-hidden="true">
                    {index + 1}
                  </div>
                  <Title order={3} fz="lg">
                    <VisuallyHidden>{`Step ${index + 1}: `}</VisuallyHidden>
                    {step.title}
                  </Title>
                </Group>
                <Text c="dimmed" size="sm" lh={1.6}>
                  {step.description}
                </Text>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
