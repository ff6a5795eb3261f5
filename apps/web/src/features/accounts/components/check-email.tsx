import type { ReactNode } from 'react';
import { Center, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';

/** The "we sent you a mail" state that ends sign-up and forgot-password. */
export function CheckEmail({ children, after }: { children: ReactNode; after?: ReactNode }) {
  return (
    <Stack gap="md">
      <Center>
        <ThemeIcon size={56} radius="xl" variant="light" color="indigo">
          <IconMailCheck size={30} aria-hidden />
        </ThemeIcon>
      </Center>
      <Text ta="center" role="status">
        {children}
      </Text>
      {after}
    </Stack>
  );
}
