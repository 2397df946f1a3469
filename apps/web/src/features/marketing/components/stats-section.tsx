import { Box, Container, SimpleGrid, Stack, Text } from '@mantine/core';
import classes from './marketing.module.css';

// Fixed marketing text: not computed from data.
const stats = [
  { value: '1000+', label: 'Worked examples' },
  { value: '50+', label: 'Categories' },
  { value: '500+', label: 'Active users' },
  { value: '24/7', label: 'Always available' },
];

export function StatsSection() {
  return (
    <Box component="section" className={classes.stats} aria-label="Exemplar in numbers">
      <Container py={{ base: 40, sm: 56 }}>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing={{ base: 'xl', sm: 'lg' }}>
          {stats.map((stat) => (
            <Stack key={stat.label} gap={4} align="center" ta="center">
              <Text className={classes.statValue} variant="gradient" component="p">
                {stat.value}
              </Text>
              <Text
                c="dimmed"
                fw={600}
                size="sm"
                tt="uppercase"
                style={{ letterSpacing: '0.06em' }}
              >
                {stat.label}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
