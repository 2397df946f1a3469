import {
  Anchor,
  Badge,
  Box,
  Card,
  Code,
  Container,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconArrowRight,
  IconBook2,
  IconCategory,
  IconChartBar,
  IconMathFunction,
  IconShieldCheck,
  IconTags,
  IconUsers,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LinkButtons, type LinkButton } from '../../../components/link-buttons';
import { PageHero } from '../../../components/page-hero';
import { paths } from '../../../lib/paths';

function Section({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <Box component="section">
      <Group gap="sm" mb="sm" wrap="nowrap">
        <ThemeIcon size={36} radius="md" variant="light">
          {icon}
        </ThemeIcon>
        <Title order={2} fz={{ base: 22, sm: 26 }}>
          {title}
        </Title>
      </Group>
      <Stack gap="sm" c="var(--mantine-color-text)" fz="md" lh={1.7}>
        {children}
      </Stack>
    </Box>
  );
}

const organisation = [
  {
    icon: <IconBook2 size={20} />,
    label: 'Subject',
    text: 'The broad area: Algebra, Calculus, Geometry, Statistics and more.',
  },
  {
    icon: <IconCategory size={20} />,
    label: 'Category',
    text: 'A tree of topics inside each subject — main categories with sub-categories you can drill into.',
  },
  {
    icon: <IconChartBar size={20} />,
    label: 'Difficulty',
    text: 'Easy, intermediate, hard and, for the brave, insane.',
  },
  {
    icon: <IconTags size={20} />,
    label: 'Type',
    text: 'The kind of task: a computation, a proof, a word problem and so on.',
  },
];

const START_LINKS: LinkButton[] = [
  { to: paths.examples, label: 'Browse examples', icon: IconArrowRight, iconAfter: true },
  { to: paths.latex, label: 'Try the LaTeX demo', icon: IconMathFunction, variant: 'default' },
];

/** /about: who Exemplar is for, how examples are organised and how to use them. */
export function AboutPage() {
  return (
    <>
      <PageHero py={{ base: 48, sm: 72 }}>
        <Container size="md">
          <Badge variant="light" size="lg" radius="xl" mb="md" style={{ textTransform: 'none' }}>
            About Exemplar
          </Badge>
          <Title order={1} fz={{ base: 34, sm: 48 }} lh={1.1} style={{ letterSpacing: '-0.03em' }}>
            Learn maths the way it&apos;s best learned: from good examples
          </Title>
          <Text size="xl" c="dimmed" mt="md" maw={680}>
            Exemplar is a library of worked maths examples. Each one gives a question, its answer
            and, where it helps, the procedure that gets you from one to the other — typeset
            properly, so the maths reads the way it would on a good blackboard.
          </Text>
        </Container>
      </PageHero>

      <Container size="md" py={{ base: 40, sm: 64 }}>
        <Stack gap={48}>
          <Section icon={<IconUsers size={20} />} title="Who it is for">
            <Text>
              Students use Exemplar to see how a type of problem is solved before trying similar
              ones on their own, and to revise before exams. Teachers and tutors use it to find
              examples at the right level for a lesson or a warm-up. And anyone returning to maths
              after a while can browse at their own pace — browsing is free and needs no account.
            </Text>
          </Section>

          <Section icon={<IconCategory size={20} />} title="How examples are organised">
            <Text>
              Every example belongs to one category and carries a difficulty and a type, so you can
              combine filters to find exactly what you need:
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mt="xs">
              {organisation.map((item) => (
                <Card key={item.label} p="md" radius="md">
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    <ThemeIcon variant="light" color="grape" radius="md">
                      {item.icon}
                    </ThemeIcon>
                    <div>
                      <Text fw={700}>{item.label}</Text>
                      <Text size="sm" c="dimmed">
                        {item.text}
                      </Text>
                    </div>
                  </Group>
                </Card>
              ))}
            </SimpleGrid>
            <Text>
              Choosing a category includes everything beneath it, and the breadcrumb on the{' '}
              <Anchor component={Link} to={paths.examples} underline="always">
                examples page
              </Anchor>{' '}
              always shows where you are, so you can step back up the tree with one click.
            </Text>
          </Section>

          <Section icon={<IconMathFunction size={20} />} title="How the maths is rendered">
            <Text>
              Examples are written in LaTeX, the language mathematicians use to write formulas, and
              rendered in your browser with KaTeX. Text between single dollar signs, like{' '}
              <Code>$x^2$</Code>, becomes inline maths; text between double dollar signs becomes a
              centred display formula; line breaks are kept as written. The result is sharp at any
              zoom level, and the formulas are also exposed as MathML for screen readers.
            </Text>
            <Text>
              If an expression cannot be rendered, Exemplar shows its source with a red marker
              instead of hiding it, so nothing is silently lost. You can try all of this yourself in
              the{' '}
              <Anchor component={Link} to={paths.latex} underline="always">
                LaTeX demo
              </Anchor>
              .
            </Text>
          </Section>

          <Section icon={<IconShieldCheck size={20} />} title="Accounts and roles">
            <Text>
              You can browse every example without signing in. Creating a free account — confirmed
              with a six-character code we email to you — adds a personal dashboard and profile, and
              lets you like examples and mark them as solved, with filters for both.
            </Text>
            <List spacing="xs" withPadding>
              <List.Item>
                <Text span fw={700}>
                  Users
                </Text>{' '}
                browse, like and track the examples they have solved.
              </List.Item>
              <List.Item>
                <Text span fw={700}>
                  Admins
                </Text>{' '}
                curate the catalogue: subjects, categories, difficulties, types and the examples
                themselves.
              </List.Item>
              <List.Item>
                <Text span fw={700}>
                  Super admins
                </Text>{' '}
                also manage accounts — confirming, enabling and assigning roles.
              </List.Item>
            </List>
          </Section>

          <Card p={{ base: 'lg', sm: 'xl' }} radius="lg" bg="var(--mantine-primary-color-light)">
            <Stack gap="md">
              <Title order={2} fz={{ base: 22, sm: 26 }}>
                Ready to start?
              </Title>
              <Text>
                Pick a subject and work through a few examples — or see how the maths renderer
                handles your own formulas.
              </Text>
              <LinkButtons links={START_LINKS} />
            </Stack>
          </Card>
        </Stack>
      </Container>
    </>
  );
}
