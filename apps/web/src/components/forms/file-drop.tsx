import type { ReactNode } from 'react';
import { CloseButton, Group, Paper, Text } from '@mantine/core';
import { Dropzone, type DropzoneProps, type FileRejection } from '@mantine/dropzone';
import { IconUpload, IconX, type Icon } from '@tabler/icons-react';
import { formatBytes } from '../../lib/format.ts';

type FileDropProps = Omit<DropzoneProps, 'children' | 'aria-label' | 'radius' | 'title'> & {
  /** The zone's accessible name. */
  label: string;
  /** The line in bold ('Drop a file here or click to choose'). */
  title: ReactNode;
  /** The line under it: what is accepted and how large. */
  hint: ReactNode;
  /** The icon while nothing is dragged over the zone. */
  idleIcon: Icon;
  /** The three icons' size. */
  iconSize?: number;
  /** The zone's least height. */
  minHeight?: number;
};

/**
 * A drop zone for files (also a button that opens the file chooser): an upload icon while an
 * accepted file is dragged over it, a cross for a refused one, `idleIcon` otherwise, beside `title`
 * and `hint`. The Dropzone's props (accept, maxSize, multiple, loading, onDrop, onReject…) pass through.
 */
export function FileDrop({
  label,
  title,
  hint,
  idleIcon: IdleIcon,
  iconSize = 40,
  minHeight = 120,
  ...props
}: FileDropProps) {
  return (
    <Dropzone radius="md" aria-label={label} {...props}>
      <Group justify="center" gap="md" mih={minHeight} style={{ pointerEvents: 'none' }} wrap="nowrap">
        <Dropzone.Accept>
          <IconUpload size={iconSize} stroke={1.5} color="var(--mantine-color-indigo-7)" aria-hidden />
        </Dropzone.Accept>
        <Dropzone.Reject>
          <IconX size={iconSize} stroke={1.5} color="var(--mantine-color-red-7)" aria-hidden />
        </Dropzone.Reject>
        <Dropzone.Idle>
          <IdleIcon size={iconSize} stroke={1.5} color="var(--mantine-color-gray-7)" aria-hidden />
        </Dropzone.Idle>
        <div>
          <Text fw={600}>{title}</Text>
          <Text size="sm" c="gray.7" mt={4}>
            {hint}
          </Text>
        </div>
      </Group>
    </Dropzone>
  );
}

/** Why a drop zone refused what was dropped: too large, more than one file where one is taken, or another type. */
export function rejectionOf(rejections: FileRejection[]): 'too-large' | 'too-many' | 'wrong-type' {
  const codes = rejections.flatMap((rejection) => rejection.errors.map((error) => error.code));
  if (codes.includes('file-too-large')) return 'too-large';
  if (codes.includes('too-many-files')) return 'too-many';
  return 'wrong-type';
}

/** The file chosen in a FileDrop, waiting to be sent: its icon, name and size, and a button that removes it. */
export function ChosenFile({
  file,
  icon: FileIcon,
  iconSize = 18,
  locale,
  removeLabel,
  onRemove,
  disabled,
}: {
  file: File;
  icon: Icon;
  iconSize?: number;
  locale: string;
  removeLabel: string;
  onRemove: () => void;
  disabled?: boolean;
}) {
  return (
    <Paper withBorder radius="md" px="md" py="xs">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" miw={0}>
          <FileIcon size={iconSize} aria-hidden />
          <Text size="sm" fw={600} truncate>
            {file.name}
          </Text>
          <Text size="sm" c="gray.7">
            {formatBytes(file.size, locale)}
          </Text>
        </Group>
        <CloseButton aria-label={removeLabel} onClick={onRemove} disabled={disabled} />
      </Group>
    </Paper>
  );
}
