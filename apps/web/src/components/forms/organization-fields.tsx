import { Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconAt, IconBuilding, IconMailbox, IconMapPin, IconPhone } from '@tabler/icons-react';
import { LIMITS } from '@vbuilder/shared';

/** An organization's own fields as a form holds them. */
export interface OrganizationFieldValues {
  name: string;
  type: string | null;
  email: string;
  phone: string;
  address: string;
  postalCode: string;
}

export const ORGANIZATION_FIELDS = ['name', 'type', 'email', 'phone', 'address', 'postalCode'] as const;

/** The words of each field, in the namespace of the screen showing them ('(optional)' included). */
export interface OrganizationFieldLabels {
  name: string;
  type: string;
  typePlaceholder: string;
  email: string;
  emailDescription?: string;
  phone: string;
  address: string;
  postalCode: string;
}

export interface OrganizationFieldsProps {
  // The values type is left open so a form that holds more (the first Administrator) can pass itself.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: UseFormReturnType<any>;
  labels: OrganizationFieldLabels;
  typeOptions: { value: string; label: string }[];
  /**
   * 'card': one column in a narrow card, for the person's own organization (the browser may fill
   * it in; the address gets several lines). 'dialog': two columns from small screens up, nothing
   * filled in by the browser (it would offer the person's own details), the name focused.
   */
  layout: 'card' | 'dialog';
}

const ICON = { size: 16, 'aria-hidden': true } as const;

/** Name, type, email, phone, address and postal code (docs/product/screens.md "Organization pages"). */
export function OrganizationFields({ form, labels, typeOptions, layout }: OrganizationFieldsProps) {
  const card = layout === 'card';
  const autoComplete = (token: string) => (card ? token : 'off');
  const fields = (
    <>
      <TextInput
        label={labels.name}
        required
        withAsterisk={false}
        maxLength={LIMITS.organizationNameMax}
        leftSection={<IconBuilding {...ICON} />}
        data-autofocus={card ? undefined : true}
        key={form.key('name')}
        {...form.getInputProps('name')}
      />
      <Select
        label={labels.type}
        placeholder={labels.typePlaceholder}
        data={typeOptions}
        required
        withAsterisk={false}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        key={form.key('type')}
        {...form.getInputProps('type')}
      />
      <TextInput
        label={labels.email}
        description={labels.emailDescription}
        type="email"
        autoComplete={autoComplete('email')}
        required
        withAsterisk={false}
        maxLength={LIMITS.emailMax}
        leftSection={<IconAt {...ICON} />}
        key={form.key('email')}
        {...form.getInputProps('email')}
      />
      <TextInput
        label={labels.phone}
        type="tel"
        autoComplete={autoComplete('tel')}
        maxLength={LIMITS.phoneMax}
        leftSection={<IconPhone {...ICON} />}
        key={form.key('phone')}
        {...form.getInputProps('phone')}
      />
      {card ? (
        <Textarea
          label={labels.address}
          autoComplete="street-address"
          rows={3}
          maxLength={LIMITS.addressMax}
          key={form.key('address')}
          {...form.getInputProps('address')}
        />
      ) : (
        <TextInput
          label={labels.address}
          autoComplete="off"
          maxLength={LIMITS.addressMax}
          leftSection={<IconMapPin {...ICON} />}
          key={form.key('address')}
          {...form.getInputProps('address')}
        />
      )}
      <TextInput
        label={labels.postalCode}
        autoComplete={autoComplete('postal-code')}
        maxLength={LIMITS.postalCodeMax}
        leftSection={<IconMailbox {...ICON} />}
        key={form.key('postalCode')}
        {...form.getInputProps('postalCode')}
      />
    </>
  );
  return card ? (
    <Stack gap="md">{fields}</Stack>
  ) : (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
      {fields}
    </SimpleGrid>
  );
}
