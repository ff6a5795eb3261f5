import { Anchor, Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface Student {
  name: string;
  email: string;
}

/** A student in the submissions tables: the name, and the email to write to. */
export function StudentCell({ student }: { student: Student }) {
  return (
    <div>
      <Text size="sm" fw={600}>
        {student.name}
      </Text>
      <Anchor href={`mailto:${student.email}`} size="xs" c="gray.7">
        {student.email}
      </Anchor>
    </div>
  );
}

/** A row's Mark button: opens the marking screen of the student, named for screen readers. */
export function MarkButton({ student, to }: { student: Student; to: string }) {
  const { t } = useTranslation('submissions');
  return (
    <Button
      component={Link}
      to={to}
      size="compact-sm"
      aria-label={t('actions.markStudent', { name: student.name })}
    >
      {t('actions.mark')}
    </Button>
  );
}
