import { LOCALES, useI18n, useT } from '@app/i18n';
import { TextField } from '@app/ui';
import { useMemo, useState } from 'react';
import { parseWholeNumber } from './wholeNumber.ts';

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
 * of being clamped silently, so the admin sees what was wrong. A plain numeric text input: the
 * settings page opens on these, and it needs none of a spin button's weight.
 */
export function CreditNumberField({ name, label, description, value, onChange, min, max }: CreditNumberFieldProps) {
  const t = useT();
  const locale = LOCALES[useI18n().language];
  // Intl directly rather than the kit's useFormat: that module is a chunk of its own in this remote, one more
  // request for the section /admin opens on.
  const format = useMemo(() => new Intl.NumberFormat(locale), [locale]);
  const [text, setText] = useState(() => format.format(value));
  const parse = (input: string) => parseWholeNumber(input, locale);
  return (
    <TextField
      name={name}
      label={label}
      description={description}
      inputMode="numeric"
      autoComplete="off"
      value={text}
      onChange={(input) => {
        setText(input);
        onChange(parse(input));
      }}
      // Shown grouped the page's way once left, as typed numbers are everywhere else.
      onBlur={() => {
        const parsed = parse(text);
        if (Number.isInteger(parsed)) setText(format.format(parsed));
      }}
      validate={(input) => {
        const parsed = parse(input);
        return Number.isInteger(parsed) && parsed >= min && parsed <= max ? null : t('admin.rangeError', { min, max });
      }}
    />
  );
}
