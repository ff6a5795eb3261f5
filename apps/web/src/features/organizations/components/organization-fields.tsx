import { useTranslation } from 'react-i18next';
import {
  OrganizationFields,
  type OrganizationFieldsProps,
} from '../../../components/forms/organization-fields.tsx';
import { useTypeLabel } from './use-type-label.ts';

/** The organization's fields as the create and edit dialogs show them, in this feature's words. */
export function OrganizationDialogFields({ form }: Pick<OrganizationFieldsProps, 'form'>) {
  const { t } = useTranslation('organizations');
  const { options } = useTypeLabel();
  const optional = (label: string) => t('fields.optional', { label });
  return (
    <OrganizationFields
      form={form}
      layout="dialog"
      typeOptions={options}
      labels={{
        name: t('fields.name'),
        type: t('fields.type'),
        typePlaceholder: t('fields.typePlaceholder'),
        email: t('fields.email'),
        phone: optional(t('fields.phone')),
        address: optional(t('fields.address')),
        postalCode: optional(t('fields.postalCode')),
      }}
    />
  );
}
