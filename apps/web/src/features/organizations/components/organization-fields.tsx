import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconAt, IconBuilding, IconMailbox, IconMapPin, IconPhone } from '@tabler/icons-react';
import { LIMITS } from '@vbuilder/shared';
import { useTranslation } from 'react-i18next';
import { useTypeLabel } from './use-type-label.ts';

/** The organization's own fields as the create and edit dialogs hold them. */
export interface OrganizationFieldValues {
  name: string;
  type: string | null;
  email: string;
  phone: string;
  address: string;
  postalCode: string;
}

export const ORGANIZATION_FIELDS = ['name', 'type', 'email', 'phone', 'address', 'postalCode'] as const;

const ICON = { size: 16, 'aria-hidden': true } as const;

// The values type is left open so a form that holds more (the first Administrator) can pass itself.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyForm = UseFormReturnType<any>;

/** Name, type, email, phone, address and postal code (SPEC §2 "Organization pages"). */
export function OrganizationFields({ form, autoFocus = false }: { form: AnyForm; autoFocus?: boolean }) {
  const { t } = useTranslation('organizations');
  const { options } = useTypeLabel();
  const optional = (label: string) => t('fields.optional', { label });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
      <TextInput
        label={t('fields.name')}
        required
        withAsterisk={false}
        maxLength={LIMITS.organizationNameMax}
        leftSection={<IconBuilding {...ICON} />}
        data-autofocus={autoFocus || undefined}
        key={form.key('name')}
        {...form.getInputProps('name')}
      />
      <Select
        label={t('fields.type')}
        placeholder={t('fields.typePlaceholder')}
        data={options}
        required
        withAsterisk={false}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        key={form.key('type')}
        {...form.getInputProps('type')}
      />
      <TextInput
        label={t('fields.email')}
        type="email"
        autoComplete="off"
        required
        withAsterisk={false}
        maxLength={LIMITS.emailMax}
        leftSection={<IconAt {...ICON} />}
        key={form.key('email')}
        {...form.getInputProps('email')}
      />
      <TextInput
        label={optional(t('fields.phone'))}
        type="tel"
        autoComplete="off"
        maxLength={LIMITS.phoneMax}
        leftSection={<IconPhone {...ICON} />}
        key={form.key('phone')}
        {...form.getInputProps('phone')}
      />
      <TextInput
        label={optional(t('fields.address'))}
        autoComplete="off"
        maxLength={LIMITS.addressMax}
        leftSection={<IconMapPin {...ICON} />}
        key={form.key('address')}
        {...form.getInputProps('address')}
      />
      <TextInput
        label={optional(t('fields.postalCode'))}
        autoComplete="off"
        maxLength={LIMITS.postalCodeMax}
        leftSection={<IconMailbox {...ICON} />}
        key={form.key('postalCode')}
        {...form.getInputProps('postalCode')}
      />
    </SimpleGrid>
  );
}
