import { useState } from 'react';
import {
  ActionIcon,
  Box,
  Button,
  Group,
  Menu,
  Modal,
  NavLink,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { openConfirmModal } from '../../../../components/deferred/confirm-modal.ts';
import { IconDots, IconMessagePlus, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AI_ASSISTANT_LIMITS, type AiConversationSummary } from '@vbuilder/shared';
import { showToast } from '../../../../components/forms/show-toast.tsx';
import { errorCodeOf } from '../../../../lib/api-errors.ts';
import { useErrorText } from '../../../../lib/forms/use-error-text.ts';
import { useConversations, useDeleteConversation, useRenameConversation } from '../../api/assistant.ts';

export interface ConversationListProps {
  activeId: string | null;
  onOpen(id: string | null): void;
  disabled?: boolean;
}

function RenameDialog({
  conversation,
  onClose,
}: {
  conversation: AiConversationSummary | null;
  onClose(): void;
}) {
  const { t } = useTranslation(['aiAssistant', 'common']);
  const errorText = useErrorText();
  const rename = useRenameConversation();
  // Keyed by the conversation, so each opening starts from its current title.
  const [title, setTitle] = useState(conversation?.title ?? '');
  const [problem, setProblem] = useState<string | null>(null);

  return (
    <Modal
      opened={conversation !== null}
      onClose={onClose}
      title={t('conversations.renameTitle')}
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      {conversation ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!title.trim()) {
              setProblem(errorText('assessments.errors.titleRequired'));
              return;
            }
            rename.mutate(
              { id: conversation.id, title: title.trim() },
              {
                onSuccess: () => {
                  showToast('success', t('conversations.renamed'));
                  onClose();
                },
                onError: (error) => setProblem(errorText(errorCodeOf(error))),
              },
            );
          }}
        >
          <Stack gap="md">
            <TextInput
              label={t('conversations.titleLabel')}
              value={title}
              onChange={(event) => {
                setTitle(event.currentTarget.value);
                setProblem(null);
              }}
              maxLength={AI_ASSISTANT_LIMITS.conversationTitleMax}
              error={problem}
              withAsterisk
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('conversations.cancel')}
              </Button>
              <Button type="submit" loading={rename.isPending}>
                {t('conversations.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}

/**
 * The teacher's conversations, newest activity first: open one, start a new one, rename or delete
 * (after a confirmation) from each row's menu.
 */
export function ConversationList({ activeId, onOpen, disabled }: ConversationListProps) {
  const { t } = useTranslation(['aiAssistant', 'common']);
  const errorText = useErrorText();
  const conversations = useConversations();
  const remove = useDeleteConversation();
  const [renaming, setRenaming] = useState<AiConversationSummary | null>(null);

  const confirmDelete = (conversation: AiConversationSummary) =>
    openConfirmModal({
      title: t('conversations.deleteTitle', { title: conversation.title }),
      children: <Text size="sm">{t('conversations.deleteBody')}</Text>,
      labels: { confirm: t('conversations.deleteConfirm'), cancel: t('conversations.cancel') },
      confirmProps: { color: 'red.9' },
      closeButtonProps: { 'aria-label': t('common:close') },
      onConfirm: () =>
        void remove.mutateAsync(conversation.id).then(
          () => {
            showToast('success', t('conversations.deleted'));
            if (conversation.id === activeId) onOpen(null);
          },
          (error: unknown) =>
            showToast('failure', errorText(errorCodeOf(error)), t('conversations.deleteFailed')),
        ),
    });

  return (
    <Paper withBorder radius="md" p="xs" component="nav" aria-labelledby="assistant-conversations-heading">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" px={4}>
          <Text fw={600} size="sm" id="assistant-conversations-heading" component="h2">
            {t('conversations.heading')}
          </Text>
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconMessagePlus size={16} aria-hidden />}
            onClick={() => onOpen(null)}
            disabled={disabled}
          >
            {t('conversations.new')}
          </Button>
        </Group>
        {/* A plain scrolling box: ScrollArea's table layout would let long titles push the menu out. */}
        <Box mah={{ base: 180, md: 'calc(100vh - 260px)' }} style={{ overflowY: 'auto' }}>
          {conversations.isError ? (
            <Text size="sm" c="red.8" p={4} role="alert">
              {t('conversations.loadFailed')}
            </Text>
          ) : conversations.data?.length === 0 ? (
            <Text size="sm" c="gray.7" p={4}>
              {t('conversations.empty')}
            </Text>
          ) : (
            <Stack gap={2}>
              {(conversations.data ?? []).map((conversation) => (
                <Group key={conversation.id} gap={0} wrap="nowrap">
                  {/* The box lets a long title shrink to an ellipsis, keeping the menu button in view. */}
                  <Box style={{ flex: 1, minWidth: 0 }}>
                    <NavLink
                      component="button"
                      label={conversation.title}
                      active={conversation.id === activeId}
                      onClick={() => onOpen(conversation.id)}
                      disabled={disabled}
                      aria-current={conversation.id === activeId ? 'page' : undefined}
                      styles={{
                        body: { minWidth: 0 },
                        label: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
                      }}
                      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                    />
                  </Box>
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={t('conversations.actions', { title: conversation.title })}
                      >
                        <IconDots size={16} aria-hidden />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item
                        leftSection={<IconPencil size={16} aria-hidden />}
                        onClick={() => setRenaming(conversation)}
                      >
                        {t('conversations.rename')}
                      </Menu.Item>
                      <Menu.Item
                        color="red.9"
                        leftSection={<IconTrash size={16} aria-hidden />}
                        onClick={() => confirmDelete(conversation)}
                      >
                        {t('conversations.delete')}
                      </Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                </Group>
              ))}
            </Stack>
          )}
        </Box>
      </Stack>
      <RenameDialog key={renaming?.id ?? 'none'} conversation={renaming} onClose={() => setRenaming(null)} />
    </Paper>
  );
}
