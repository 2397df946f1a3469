import { Box, Button, Group, Paper, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck, IconMail, IconSend } from '@tabler/icons-react';
import { useSubscribeToNewsletter } from '../api/subscribe';
import classes from './newsletter-box.module.css';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateNewsletterEmail(value: string): string | null {
  const email = value.trim();
  if (!email) return 'Please enter your email address.';
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) {
    return 'Please enter a valid email address, like name@example.com.';
  }
  return null;
}

export function NewsletterBox() {
  const subscribe = useSubscribeToNewsletter();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: { email: validateNewsletterEmail },
    validateInputOnBlur: false,
  });

  const onSubmit = form.onSubmit(({ email }) => {
    subscribe.mutate(
      { email: email.trim() },
      { onError: (error) => form.setFieldError('email', error.message) },
    );
  });

  return (
    <Paper className={classes.box} p={{ base: 'lg', sm: 40 }} radius="xl">
      <div className={classes.inner}>
        <Stack gap="xs" className={classes.copy}>
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon size={40} radius="md" variant="white" color="brand">
              <IconMail size={22} stroke={1.7} />
            </ThemeIcon>
            <Title order={2} fz={{ base: 22, sm: 28 }} c="white">
              Fresh examples in your inbox
            </Title>
          </Group>
          <Text c="rgba(255,255,255,0.85)">
            One short email a month with new worked examples and study tips. No spam — unsubscribe
            at any time.
          </Text>
        </Stack>

        <Box className={classes.formArea}>
          {subscribe.isSuccess ? (
            <Paper p="md" radius="md" role="status" className={classes.thanks}>
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <ThemeIcon color="teal" radius="xl" size={32} variant="light">
                  <IconCircleCheck size={20} />
                </ThemeIcon>
                <div>
                  <Text fw={700}>Thank you for subscribing!</Text>
                  <Text size="sm" c="dimmed">
                    {subscribe.data?.message ??
                      'Watch your inbox for the next round of worked examples.'}
                  </Text>
                </div>
              </Group>
            </Paper>
          ) : (
            <form onSubmit={onSubmit} noValidate aria-label="Newsletter signup">
              <div className={classes.fields}>
                <TextInput
                  type="email"
                  autoComplete="email"
                  placeholder="you@example.com"
                  aria-label="Email address"
                  size="md"
                  className={classes.input}
                  classNames={{ input: classes.inputField, error: classes.error }}
                  disabled={subscribe.isPending}
                  key={form.key('email')}
                  {...form.getInputProps('email')}
                />
                <Button
                  type="submit"
                  size="md"
                  color="dark"
                  loading={subscribe.isPending}
                  rightSection={<IconSend size={16} />}
                  className={classes.button}
                >
                  Subscribe
                </Button>
              </div>
            </form>
          )}
        </Box>
      </div>
    </Paper>
  );
}
