import { useId, useState } from 'react';
import { Button, Collapse, List } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { getQuestionType, isQuestionTypeId } from '@vbuilder/shared';

/** The question types a plan allows: a count that opens the list under it (all the names would bury the card). */
export function QuestionTypeList({ types, planName }: { types: readonly string[]; planName: string }) {
  const { t } = useTranslation(['billing', 'questionTypes']);
  const [open, setOpen] = useState(false);
  const id = useId();
  // A type this web does not know yet is shown by its id rather than dropped.
  const names = types.map((type) => (isQuestionTypeId(type) ? t(getQuestionType(type).labelKey) : type));
  return (
    <div>
      <Button
        variant="subtle"
        size="compact-sm"
        px={4}
        rightSection={
          open ? <IconChevronUp size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />
        }
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
        aria-label={t('billing:plans.typesToggle', { count: types.length, plan: planName })}
      >
        {t('billing:plans.types', { count: types.length })}
      </Button>
      <Collapse expanded={open} id={id}>
        <List size="sm" spacing={2} mt={4} pl="xs">
          {names.map((name) => (
            <List.Item key={name}>{name}</List.Item>
          ))}
        </List>
      </Collapse>
    </div>
  );
}
