import { useT } from '@app/i18n';
import { NumberField } from '@app/ui/number-field';

interface CreditNumberFieldProps {
  name: string;
  label: string;
  description?: string;
  value: number;
  onChange: (value: number) => void;
  min: number;
  max: number;
}

/**
 * A whole number of credits within [min, max]. Out-of-range values get a message on save instead
 * of being clamped silently, so the admin sees what was wrong.
 */
export function CreditNumberField({ name, label, description, value, onChange, min, max }: CreditNumberFieldProps) {
  const t = useT();
  return (
    <NumberField
      name={name}
      label={label}
      description={description}
      value={value}
      onChange={onChange}
      formatOptions={{ maximumFractionDigits: 0 }}
      validate={(n) => (Number.isInteger(n) && n >= min && n <= max ? null : t('admin.rangeError', { min, max }))}
    />
  );
}
