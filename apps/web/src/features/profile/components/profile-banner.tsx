import { useRef } from 'react';
import { ActionIcon, Avatar, Box, Button, Card, FileButton, Flex, Text, Title, Tooltip } from '@mantine/core';
import { IconCamera, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { UserProfile } from '@vbuilder/shared';
import { initialsOf } from '../../../components/layout/user-display.ts';
import { RoleBadge } from '../../../components/role-badge.tsx';

interface Props {
  user: UserProfile;
  /** A file the user picked for a new profile image (any file: the screen checks it). */
  onPickImage: (file: File) => void;
  onEdit: () => void;
}

/** The profile's banner: avatar with a camera button, name with role badge, and the edit button. */
export function ProfileBanner({ user, onPickImage, onEdit }: Props) {
  const { t } = useTranslation('profile');
  // Cleared after each pick so choosing the same file again still opens the preview.
  const resetPicker = useRef<() => void>(null);

  return (
    <Card withBorder radius="lg" padding={0}>
      <Box
        h={{ base: 88, sm: 128 }}
        aria-hidden
        style={{
          background:
            'linear-gradient(120deg, var(--mantine-color-indigo-7) 0%, var(--mantine-color-violet-6) 55%, var(--mantine-color-cyan-5) 100%)',
        }}
      />
      <Flex
        direction={{ base: 'column', sm: 'row' }}
        align={{ base: 'center', sm: 'flex-end' }}
        gap={{ base: 'sm', sm: 'lg' }}
        px={{ base: 'md', sm: 'xl' }}
        pb="lg"
        mt={{ base: -52, sm: -60 }}
      >
        <Box pos="relative" style={{ flexShrink: 0 }}>
          <Avatar
            src={user.profile_image}
            alt={t('banner.avatarAlt', { name: user.name })}
            size={120}
            radius={999}
            color="indigo"
            variant="filled"
            styles={{
              root: { border: '4px solid var(--mantine-color-body)', boxShadow: 'var(--mantine-shadow-sm)' },
              placeholder: { fontSize: 40 },
            }}
          >
            {initialsOf(user.name)}
          </Avatar>
          <FileButton
            accept="image/*"
            resetRef={resetPicker}
            onChange={(file) => {
              if (file) onPickImage(file);
              resetPicker.current?.();
            }}
          >
            {(props) => (
              <Tooltip label={t('banner.changeImage')} withArrow>
                <ActionIcon
                  {...props}
                  aria-label={t('banner.changeImage')}
                  radius="xl"
                  size={36}
                  variant="filled"
                  pos="absolute"
                  bottom={4}
                  right={4}
                  style={{ border: '3px solid var(--mantine-color-body)' }}
                >
                  <IconCamera size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            )}
          </FileButton>
        </Box>

        <Box flex={1} miw={0} ta={{ base: 'center', sm: 'start' }} pb={{ base: 0, sm: 4 }}>
          <Flex gap="xs" wrap="wrap" align="center" justify={{ base: 'center', sm: 'flex-start' }}>
            <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {user.name}
            </Title>
            <RoleBadge role={user.role} size="lg" />
          </Flex>
          <Text c="dimmed" size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Text>
        </Box>

        <Button
          variant="light"
          leftSection={<IconPencil size={18} aria-hidden />}
          onClick={onEdit}
          style={{ flexShrink: 0 }}
        >
          {t('banner.edit')}
        </Button>
      </Flex>
    </Card>
  );
}
