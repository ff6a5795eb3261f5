import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Group,
  Menu,
  Modal,
  NavLink,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { openConfirmModal } from '../../../components/deferred/confirm-modal.ts';
import { IconDots, IconFolder, IconFolderPlus, IconInbox, IconStack2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BankCategory } from '@vbuilder/shared';
import { showToast } from '../../../components/forms/show-toast.tsx';
import { useErrorText } from '../../../lib/forms/use-error-text.ts';
import { errorCodeOf } from '../../../lib/api-errors.ts';
import { useCreateCategory, useDeleteCategory, useUpdateCategory } from '../api/question-bank.ts';
import { buildTree, categoryOptions, flatten, subtreeIds, type CategoryNode } from '../lib/category-tree.ts';

/** Which questions the list shows: all, those in no category, or a category's. */
export type CategoryChoice = { kind: 'all' } | { kind: 'none' } | { kind: 'category'; id: string };

type Dialog =
  | { kind: 'create'; parentId: string | null }
  | { kind: 'rename'; category: BankCategory }
  | { kind: 'move'; node: CategoryNode };

const TOP = '__top__';

/** The category tree: choose whose questions to list; create, rename, move and delete categories. */
export function CategoryPanel({
  categories,
  choice,
  onChoose,
}: {
  categories: BankCategory[];
  choice: CategoryChoice;
  onChoose(choice: CategoryChoice): void;
}) {
  const { t } = useTranslation(['questionBank', 'common']);
  const errorText = useErrorText();
  const tree = buildTree(categories);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [name, setName] = useState('');
  const [parent, setParent] = useState<string>(TOP);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const remove = useDeleteCategory();

  const open = (next: Dialog) => {
    setError(null);
    setName(next.kind === 'rename' ? next.category.name : '');
    setParent(next.kind === 'move' ? (next.node.category.parentId ?? TOP) : TOP);
    setDialog(next);
  };
  const fail = (e: unknown) => setError(errorText(errorCodeOf(e)));

  const submit = () => {
    if (!dialog) return;
    const done = () => setDialog(null);
    if (dialog.kind === 'create') {
      create.mutate(
        { name, parentId: dialog.parentId },
        {
          onSuccess: (created) => {
            done();
            onChoose({ kind: 'category', id: created.id });
          },
          onError: fail,
        },
      );
    } else if (dialog.kind === 'rename') {
      update.mutate({ id: dialog.category.id, input: { name } }, { onSuccess: done, onError: fail });
    } else {
      update.mutate(
        { id: dialog.node.category.id, input: { parentId: parent === TOP ? null : parent } },
        { onSuccess: done, onError: fail },
      );
    }
  };

  const confirmDelete = (category: BankCategory) =>
    openConfirmModal({
      title: t('questionBank:categories.deleteTitle', { name: category.name }),
      children: <Text size="sm">{t('questionBank:categories.deleteBody')}</Text>,
      labels: { confirm: t('questionBank:categories.delete'), cancel: t('questionBank:cancel') },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': t('common:close') },
      onConfirm: () =>
        remove.mutate(category.id, {
          onSuccess: () => {
            if (choice.kind === 'category' && choice.id === category.id) onChoose({ kind: 'all' });
          },
          onError: (e) =>
            showToast('failure', errorText(errorCodeOf(e)), t('questionBank:categories.deleteFailed')),
        }),
    });

  const renderNode = (node: CategoryNode) => {
    const { category } = node;
    const active = choice.kind === 'category' && choice.id === category.id;
    return (
      <Group key={category.id} gap={0} wrap="nowrap" pl={node.depth * 16}>
        <NavLink
          label={category.name}
          description={t('questionBank:categories.count', { count: category.questionCount })}
          leftSection={<IconFolder size={16} aria-hidden />}
          active={active}
          aria-current={active ? 'true' : undefined}
          onClick={() => onChoose({ kind: 'category', id: category.id })}
          style={{ flex: 1, minWidth: 0 }}
        />
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('questionBank:categories.actions', { name: category.name })}
            >
              <IconDots size={16} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => open({ kind: 'create', parentId: category.id })}>
              {t('questionBank:categories.addSub')}
            </Menu.Item>
            <Menu.Item onClick={() => open({ kind: 'rename', category })}>
              {t('questionBank:categories.rename')}
            </Menu.Item>
            <Menu.Item onClick={() => open({ kind: 'move', node })}>
              {t('questionBank:categories.move')}
            </Menu.Item>
            <Menu.Item color="red" onClick={() => confirmDelete(category)}>
              {t('questionBank:categories.delete')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    );
  };

  const busy = create.isPending || update.isPending;
  const title =
    dialog?.kind === 'create'
      ? t('questionBank:categories.createTitle')
      : dialog?.kind === 'rename'
        ? t('questionBank:categories.renameTitle')
        : t('questionBank:categories.moveTitle');

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('questionBank:categories.title')}
        </Title>
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconFolderPlus size={14} aria-hidden />}
          onClick={() => open({ kind: 'create', parentId: null })}
        >
          {t('questionBank:categories.new')}
        </Button>
      </Group>
      <nav aria-label={t('questionBank:categories.title')}>
        <NavLink
          label={t('questionBank:categories.all')}
          leftSection={<IconStack2 size={16} aria-hidden />}
          active={choice.kind === 'all'}
          onClick={() => onChoose({ kind: 'all' })}
        />
        <NavLink
          label={t('questionBank:categories.none')}
          leftSection={<IconInbox size={16} aria-hidden />}
          active={choice.kind === 'none'}
          onClick={() => onChoose({ kind: 'none' })}
        />
        {flatten(tree).map(renderNode)}
      </nav>
      {tree.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t('questionBank:categories.empty')}
        </Text>
      ) : null}

      <Modal opened={dialog !== null} onClose={() => setDialog(null)} title={title}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="sm">
            {dialog?.kind === 'move' ? (
              <Select
                label={t('questionBank:categories.parent')}
                data={[
                  { value: TOP, label: t('questionBank:categories.topLevel') },
                  ...categoryOptions(categories, subtreeIds(dialog.node)),
                ]}
                value={parent}
                onChange={(value) => setParent(value ?? TOP)}
                allowDeselect={false}
                searchable
              />
            ) : (
              <TextInput
                label={t('questionBank:categories.name')}
                value={name}
                onChange={(event) => setName(event.currentTarget.value)}
                required
                data-autofocus
                maxLength={120}
              />
            )}
            {error ? (
              <Text c="red" size="sm" role="alert">
                {error}
              </Text>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDialog(null)}>
                {t('questionBank:cancel')}
              </Button>
              <Button type="submit" loading={busy}>
                {t('questionBank:categories.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
