import { Avatar, Box, Container, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { IconQuote } from '@tabler/icons-react';
import classes from './marketing.module.css';
import { LandingHeading } from './landing-heading';

const testimonials = [
  {
    quote:
      'The worked procedures finally made integration by parts click for me. I read three examples before every problem set now.',
    name: 'Maya Robinson',
    role: 'First-year engineering student',
    color: 'grape',
  },
  {
    quote:
      'I build warm-up exercises for my classes from Exemplar. Filtering by difficulty saves me hours every week.',
    name: 'Daniel Kowalski',
    role: 'Secondary school maths teacher',
    color: 'brand',
  },
  {
    quote:
      "Marking examples as solved keeps me honest about what I've actually practised — and dark mode makes late-night revision easier.",
    name: 'Priya Shah',
    role: 'A-level student',
    color: 'teal',
  },
];

function initials(name: string): string {
  return name
    .split(' ')
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2);
}

export function TestimonialsSection() {
  return (
    <Box component="section" className={classes.sectionAlt} aria-labelledby="testimonials-title">
      <Container>
        <LandingHeading
          id="testimonials-title"
          eyebrow="Testimonials"
          title="Loved by learners and teachers"
        />
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {testimonials.map((item) => (
            <Paper
              key={item.name}
              component="figure"
              m={0}
              p="xl"
              withBorder
              className={classes.quote}
            >
              <IconQuote size={32} className={classes.quoteMark} aria-hidden="true" />
              <Text component="blockquote" m={0} mt="sm" mb="lg" lh={1.65} style={{ flex: 1 }}>
                {item.quote}
              </Text>
              <Group gap="sm" component="figcaption" wrap="nowrap">
                <Avatar color={item.color} radius="xl">
                  {initials(item.name)}
                </Avatar>
                <div>
                  <Text fw={700} size="sm">
                    {item.name}
                  </Text>
                  <Text c="dimmed" size="xs">
                    {item.role}
                  </Text>
                </div>
              </Group>
            </Paper>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
