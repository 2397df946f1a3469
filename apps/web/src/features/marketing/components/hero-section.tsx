import {
  Badge,
  Box,
  Card,
  Container,
  Divider,
  Grid,
  Group,
  List,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconArrowRight,
  IconInfoCircle,
  IconMathFunction,
  IconSparkles,
} from '@tabler/icons-react';
import { LinkButtons, type LinkButton } from '../../../components/link-buttons';
import { paths } from '../../../lib/paths';
import classes from './marketing.module.css';

const HERO_LINKS: LinkButton[] = [
  { to: paths.examples, label: 'Browse Examples', icon: IconArrowRight, iconAfter: true },
  { to: paths.latex, label: 'Try the LaTeX demo', icon: IconMathFunction, variant: 'default' },
  { to: paths.about, label: 'About', icon: IconInfoCircle, variant: 'subtle' },
];

function PreviewCard() {
  return (
    <Card className={classes.previewCard} p="lg" radius="lg" aria-label="Sample worked example">
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Group gap={6}>
          <Badge color="yellow" variant="light">
            Intermediate
          </Badge>
          <Badge color="brand" variant="light">
            Quadratics
          </Badge>
        </Group>
        <Text size="xs" c="dimmed" fw={600}>
          #128
        </Text>
      </Group>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed" mb={4}>
        Question
      </Text>
      <Text mb="md">
        Solve <span className={classes.formula}>x² − 5x + 6 = 0</span>.
      </Text>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed" mb={6}>
        Procedure
      </Text>
      <List size="sm" spacing={8} type="ordered" mb="md">
        <List.Item>Look for two numbers with product 6 and sum −5: −2 and −3.</List.Item>
        <List.Item>
          Factorise: <span className={classes.formula}>(x − 2)(x − 3) = 0</span>
        </List.Item>
        <List.Item>Set each factor equal to zero.</List.Item>
      </List>
      <Divider mb="md" />
      <Text size="xs" tt="uppercase" fw={700} c="dimmed" mb={4}>
        Answer
      </Text>
      <span className={classes.formulaBlock}>x = 2 or x = 3</span>
    </Card>
  );
}

export function HeroSection() {
  return (
    <Box component="section" className={classes.hero} aria-labelledby="hero-title">
      <Container py={{ base: 48, sm: 80, md: 104 }}>
        <Grid gap={{ base: 48, md: 56 }} align="center">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg" justify="center">
              <Badge
                size="lg"
                variant="light"
                radius="xl"
                leftSection={<IconSparkles size={14} />}
                style={{ alignSelf: 'flex-start', textTransform: 'none' }}
              >
                Worked maths examples, step by step
              </Badge>
              <Title order={1} id="hero-title" className={classes.heroTitle}>
                Master maths one{' '}
                <Text component="span" inherit variant="gradient">
                  worked example
                </Text>{' '}
                at a time
              </Title>
              <Text fz={{ base: 'lg', sm: 'xl' }} c="dimmed" maw={580}>
                Exemplar is a library of solved maths problems — the question, the answer and every
                step in between, clearly typeset and organised by subject, topic and difficulty.
              </Text>
              <LinkButtons links={HERO_LINKS} size="md" className={classes.heroActions} />
              <Group gap="xs" c="dimmed">
                <ThemeIcon size={22} radius="xl" variant="light" color="teal">
                  <IconSparkles size={13} />
                </ThemeIcon>
                <Text size="sm" c="dimmed">
                  Free to browse — no account needed.
                </Text>
              </Group>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <PreviewCard />
          </Grid.Col>
        </Grid>
      </Container>
    </Box>
  );
}
