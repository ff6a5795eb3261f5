import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  ACCOMMODATION_LIMITS,
  AccommodationInputSchema,
  type Accommodation,
  type AccommodationInput,
} from '@vbuilder/shared';
import { errorCodeOf, fieldErrorsOf, i18nKeyOf } from '../../../../lib/api-errors.ts';
import { useSetAccommodation } from '../../api/accommodations.ts';

type ExtraKind = 'none' | 'minutes' | 'percent';
type Field = 'extraMinutes' | 'extraPercent' | 'startsAt' | 'endsAt';
const FIELDS: readonly Field[] = ['extraMinutes', 'extraPercent', 'startsAt', 'endsAt'];

/** An instant as the value of a datetime-local input, in the browser's time zone. */
function localValue(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
const instantOf = (local: string): string | null => (local ? new Date(local).toISOString() : null);

interface Props {
  assessmentId: string;
  student: { id: string; name: string };
  /** The student's accommodation now, or null. */
  current: Accommodation | null;
  /** The assessment's time limit, for the percentage's hint (null: none). */
  durationMinutes: number | null;
  opened: boolean;
  onClose(): void;
}

/**
 * Extra time and/or an own window for one student, set before or during their attempt:
 * a running attempt's deadline moves at once, and the student's timer follows within seconds.
 */
export function AccommodationDialog({
  assessmentId,
  student,
  current,
  durationMinutes,
  opened,
  onClose,
}: Props) {
  const { t } = useTranslation(['submissions', 'common']);
  const mutation = useSetAccommodation(assessmentId);
  const [kind, setKind] = useState<ExtraKind>(
    current?.extraPercent ? 'percent' : current?.extraMinutes || !current ? 'minutes' : 'none',
  );
  const [amount, setAmount] = useState<number | string>(current?.extraPercent ?? current?.extraMinutes ?? 15);
  const [ownWindow, setOwnWindow] = useState(Boolean(current?.startsAt || current?.endsAt));
  const [startsAt, setStartsAt] = useState(localValue(current?.startsAt ?? null));
  const [endsAt, setEndsAt] = useState(localValue(current?.endsAt ?? null));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);

  const body = (): AccommodationInput => {
    const value = typeof amount === 'number' ? amount : Number.NaN;
    return {
      extraMinutes: kind === 'minutes' ? value : null,
      extraPercent: kind === 'percent' ? value : null,
      startsAt: ownWindow ? instantOf(startsAt) : null,
      endsAt: ownWindow ? instantOf(endsAt) : null,
    };
  };

  const done = (message: string) => {
    notifications.show({ color: 'teal', message, id: 'accommodation-saved' });
    onClose();
  };

  const save = () => {
    setRefusal(null);
    const input = body();
    const checked = AccommodationInputSchema.safeParse(input);
    if (!checked.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0] ?? 'extraMinutes') as Field;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    mutation.mutate(
      { studentId: student.id, body: input },
      {
        onSuccess: () => done(t('accommodations.saved', { name: student.name })),
        onError: (error) => {
          const fields = fieldErrorsOf(error, FIELDS);
          if (Object.keys(fields).length) setErrors(fields);
          else setRefusal(t(`errors:${errorCodeOf(error)}`));
        },
      },
    );
  };

  const remove = () =>
    mutation.mutate(
      { studentId: student.id, body: null },
      {
        onSuccess: () => done(t('accommodations.removed', { name: student.name })),
        onError: (error) => setRefusal(t(`errors:${errorCodeOf(error)}`)),
      },
    );

  const message = (field: Field) => {
    const key = errors[field];
    return key ? t(i18nKeyOf(key)) : undefined;
  };
  const extraError = message('extraMinutes') ?? message('extraPercent');

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('accommodations.dialogTitle', { name: student.name })}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('accommodations.dialogHint')}
        </Text>
        <Stack gap={6}>
          <Text size="sm" fw={500} id="accommodation-extra-label">
            {t('accommodations.extraLabel')}
          </Text>
          <SegmentedControl
            aria-labelledby="accommodation-extra-label"
            value={kind}
            onChange={(value) => setKind(value as ExtraKind)}
            data={[
              { value: 'minutes', label: t('accommodations.kind.minutes') },
              { value: 'percent', label: t('accommodations.kind.percent') },
              { value: 'none', label: t('accommodations.kind.none') },
            ]}
            fullWidth
          />
          {kind !== 'none' && (
            <NumberInput
              label={kind === 'minutes' ? t('accommodations.minutes') : t('accommodations.percent')}
              description={
                kind === 'percent' && durationMinutes
                  ? t('accommodations.percentHint', { minutes: durationMinutes })
                  : undefined
              }
              value={amount}
              onChange={setAmount}
              min={1}
              max={
                kind === 'minutes'
                  ? ACCOMMODATION_LIMITS.extraMinutesMax
                  : ACCOMMODATION_LIMITS.extraPercentMax
              }
              allowDecimal={false}
              suffix={kind === 'percent' ? ' %' : undefined}
              error={extraError}
            />
          )}
        </Stack>
        <Checkbox
          checked={ownWindow}
          onChange={(event) => setOwnWindow(event.currentTarget.checked)}
          label={t('accommodations.ownWindow')}
          description={t('accommodations.ownWindowHint')}
        />
        {ownWindow && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              type="datetime-local"
              label={t('accommodations.startsAt')}
              value={startsAt}
              onChange={(event) => setStartsAt(event.currentTarget.value)}
              error={message('startsAt')}
            />
            <TextInput
              type="datetime-local"
              label={t('accommodations.endsAt')}
              value={endsAt}
              onChange={(event) => setEndsAt(event.currentTarget.value)}
              error={message('endsAt')}
            />
          </SimpleGrid>
        )}
        {refusal && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {refusal}
          </Alert>
        )}
        <Group justify="space-between" gap="sm">
          {current ? (
            <Button variant="subtle" color="red" onClick={remove} loading={mutation.isPending}>
              {t('accommodations.remove')}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('accommodations.cancel')}
            </Button>
            <Button onClick={save} loading={mutation.isPending}>
              {t('accommodations.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
