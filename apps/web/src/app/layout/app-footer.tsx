import { Container, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { paths } from '../../lib/paths';
import classes from './layout.module.css';

const links = [
  { to: paths.examples, label: 'Examples' },
  { to: paths.latex, label: 'LaTeX demo' },
  { to: paths.about, label: 'About' },
];

export function AppFooter() {
  return (
    <footer className={classes.footer}>
      <Container py="xl">
        <Group justify="space-between" align="flex-start" gap="lg">
          <Stack gap={6} maw={360}>
            <Group gap={8}>
              <BrandLogo size={24} />
              <Text fw={800}>Exemplar</Text>
            </Group>
            <Text size="sm" c="dimmed">
              Worked maths examples, step by step — from first equations to statistics.
            </Text>
          </Stack>
          <Group component="nav" aria-label="Footer" gap="lg">
            {links.map((link) => (
              <Link key={link.to} to={link.to} className={classes.footerLink}>
                {link.label}
              </Link>
            ))}
          </Group>
        </Group>
        <Text size="xs" c="dimmed" mt="xl">
          © {new Date().getFullYear()} Exemplar. All rights reserved.
        </Text>
      </Container>
    </footer>
  );
}
