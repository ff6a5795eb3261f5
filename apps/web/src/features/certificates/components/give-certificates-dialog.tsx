import { useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  Radio,
  ScrollArea,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { GiveCertificatesBody } from '@vbuilder/shared';
import { AppModal } from '../../../components/app-modal.tsx';
import { ServerErrorAlert } from '../../../components/forms/server-error-alert.tsx';
import { showToast } from '../../../components/forms/show-toast.tsx';
import { LoadErrorCard } from '../../../components/load-error-card.tsx';
import { codeOf } from '../../../lib/api-errors.ts';
import { useGiveCertificates } from '../api/certificate-actions.ts';
import { useCertificates } from '../api/get-certificates.ts';
import { useAssessmentOptions, useAssessmentStudents } from '../api/give-options.ts';
import { candidatesOf, type Candidate } from '../lib/eligibility.ts';

type Mode = 'allPassed' | 'chosen';

/**
 * Give certificates for one assessment (docs/product/roles.md, Administrators): to everyone who passed, or to the
 * students ticked in the list of who passed (those who already hold one are shown, not offered).
 * Giving them automatically when a student passes is a setting of the assessment (its editor).
 */
export function GiveCertificatesDialog({
  opened,
  onClose,
  initialAssessmentId,
}: {
  opened: boolean;
  onClose: () => void;
  initialAssessmentId?: string | null;
}) {
  const { t } = useTranslation('certificates');
  const [assessmentId, setAssessmentId] = useState<string | null>(initialAssessmentId ?? null);
  const [mode, setMode] = useState<Mode>('allPassed');
  const [chosen, setChosen] = useState<string[]>([]);
  const assessments = useAssessmentOptions(opened);
  const students = useAssessmentStudents(opened ? assessmentId : null);
  const holders = useCertificates(
    { page: 1, pageSize: 100, assessmentId: assessmentId ?? undefined, status: 'valid' },
    opened && Boolean(assessmentId),
  );
  const give = useGiveCertificates();

  const assessment = assessments.data?.items.find((item) => item.id === assessmentId) ?? null;
  const candidates = useMemo<Candidate[]>(() => {
    if (!students.data || !holders.data || !assessment) return [];
    return candidatesOf(
      students.data,
      assessment.passMark,
      new Set(holders.data.items.map((certificate) => certificate.holder.id)),
    );
  }, [students.data, holders.data, assessment]);
  const passed = candidates.filter((candidate) => candidate.passed);
  const eligible = passed.filter((candidate) => !candidate.holds);
  const notPassed = candidates.length - passed.length;
  const loadingStudents = Boolean(assessmentId) && (students.isPending || holders.isPending);
  const loadFailed = students.isError || holders.isError;

  const close = () => {
    give.reset();
    setChosen([]);
    setMode('allPassed');
    setAssessmentId(initialAssessmentId ?? null);
    onClose();
  };

  const submit = async () => {
    if (!assessmentId || !assessment) return;
    const body: GiveCertificatesBody =
      mode === 'allPassed' ? { assessmentId, allPassed: true } : { assessmentId, studentIds: chosen };
    try {
      const result = await give.mutateAsync(body);
      const count = result.data.length;
      const message =
        count > 0
          ? t('give.done', { count, assessment: assessment.title })
          : t('give.doneNone', { assessment: assessment.title });
      const already = result.alreadyGiven.length
        ? ` ${t('give.alreadyGiven', { count: result.alreadyGiven.length })}`
        : '';
      showToast('success', `${message}${already}`, t('give.doneTitle'));
      close();
    } catch {
      // Shown in the dialog.
    }
  };

  const canSubmit =
    Boolean(assessment) &&
    !loadingStudents &&
    (mode === 'allPassed' ? eligible.length > 0 : chosen.length > 0);

  return (
    <AppModal opened={opened} onClose={close} title={t('give.title')} size="lg" fullScreenOnPhone>
      <Stack gap="md">
        <Select
          label={t('give.assessment')}
          placeholder={t('give.assessmentPlaceholder')}
          searchable
          nothingFoundMessage={t('give.noAssessment')}
          data={(assessments.data?.items ?? []).map((item) => ({ value: item.id, label: item.title }))}
          value={assessmentId}
          onChange={(value) => {
            setAssessmentId(value);
            setChosen([]);
            give.reset();
          }}
          rightSection={assessments.isPending ? <Loader size="xs" /> : undefined}
          error={assessments.isError ? t('give.assessmentsFailed') : undefined}
          comboboxProps={{ withinPortal: true }}
        />

        {assessment && (
          <>
            {loadFailed ? (
              <LoadErrorCard
                headingOrder={3}
                heading={t('give.studentsFailed')}
                error={students.error ?? holders.error}
                onRetry={() => {
                  void students.refetch();
                  void holders.refetch();
                }}
              />
            ) : loadingStudents ? (
              <Group gap="sm">
                <Loader size="sm" />
                <Text size="sm" c="gray.7">
                  {t('give.loadingStudents')}
                </Text>
              </Group>
            ) : (
              <>
                <Text size="sm" c="gray.7" aria-live="polite">
                  {t('give.summary', { passed: passed.length, eligible: eligible.length })}{' '}
                  {notPassed > 0 ? t('give.notPassed', { count: notPassed }) : ''}
                </Text>
                <Radio.Group value={mode} onChange={(value) => setMode(value as Mode)} label={t('give.who')}>
                  <Stack gap="xs" mt="xs">
                    <Radio value="allPassed" label={t('give.allPassed', { count: eligible.length })} />
                    <Radio value="chosen" label={t('give.chosen')} />
                  </Stack>
                </Radio.Group>
                <Paper withBorder radius="md" p={0}>
                  <ScrollArea.Autosize mah={280} type="auto">
                    {passed.length === 0 ? (
                      <Text size="sm" c="gray.7" p="md">
                        {t('give.nobodyPassed')}
                      </Text>
                    ) : (
                      <Checkbox.Group value={chosen} onChange={setChosen}>
                        <Stack gap={0} role="group" aria-label={t('give.passedList')}>
                          {passed.map((candidate) => (
                            <Group
                              key={candidate.id}
                              justify="space-between"
                              wrap="nowrap"
                              px="md"
                              py="xs"
                              style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                            >
                              {mode === 'chosen' ? (
                                <Checkbox
                                  value={candidate.id}
                                  disabled={candidate.holds}
                                  label={candidate.name}
                                  description={candidate.email}
                                />
                              ) : (
                                <div style={{ minWidth: 0 }}>
                                  <Text size="sm">{candidate.name}</Text>
                                  <Text size="xs" c="gray.7">
                                    {candidate.email}
                                  </Text>
                                </div>
                              )}
                              <Group gap={6} wrap="nowrap">
                                {candidate.bestPercentage !== null && (
                                  <Text size="sm" c="gray.7">
                                    {t('give.percentage', { value: Math.round(candidate.bestPercentage) })}
                                  </Text>
                                )}
                                {candidate.holds ? (
                                  <Badge color="gray" variant="light" size="sm" miw="max-content">
                                    {t('give.holds')}
                                  </Badge>
                                ) : (
                                  mode === 'allPassed' && (
                                    <Badge color="green" variant="light" size="sm" miw="max-content">
                                      {t('give.willGet')}
                                    </Badge>
                                  )
                                )}
                              </Group>
                            </Group>
                          ))}
                        </Stack>
                      </Checkbox.Group>
                    )}
                  </ScrollArea.Autosize>
                </Paper>
                {passed.length > 0 && eligible.length === 0 && (
                  <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />}>
                    {t('give.everyoneHolds')}
                  </Alert>
                )}
              </>
            )}
          </>
        )}

        <ServerErrorAlert code={give.isError ? (codeOf(give.error) ?? 'internal_error') : null} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t('dialog.cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={give.isPending} disabled={!canSubmit}>
            {mode === 'chosen' && chosen.length > 0
              ? t('give.submitChosen', { count: chosen.length })
              : t('give.submit')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
