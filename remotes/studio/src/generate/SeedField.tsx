import { type MessageKey, useT } from '@app/i18n';
import { TextField } from '@app/ui';
import { useEffect, useState } from 'react';
import { seedError } from './validateGeneration.ts';

/**
 * The optional seed as typed: a text field, because a number field clamps 5 to 10000 when it loses focus and
 * checks only then. Here the message says what is wrong and goes as soon as the value is fixed.
 */
export function SeedField({ seed, onChange, isDisabled }: { seed: number; onChange: (seed: number) => void; isDisabled: boolean }) {
  const t = useT();
  const [text, setText] = useState(() => (Number.isNaN(seed) ? '' : String(seed)));
  // A seed set from outside (Recreate) shows up in the field.
  useEffect(() => {
    setText((typed) => (Object.is(parseSeed(typed), seed) ? typed : Number.isNaN(seed) ? '' : String(seed)));
  }, [seed]);
  return (
    <TextField
      label={t('studio.seedLabel')}
      name="seeds"
      inputMode="numeric"
      description={t('studio.seedDescription')}
      value={text}
      onChange={(typed) => {
        setText(typed);
        onChange(parseSeed(typed));
      }}
      validate={(typed) => {
        const error: MessageKey | null =
          typed.trim() === '' ? null : /^\d+$/.test(typed.trim()) ? seedError(Number(typed)) : 'studio.seedRange';
        return error ? t(error) : null;
      }}
      isDisabled={isDisabled}
    />
  );
}

/** Digits as a number; blank as NaN (no seed); anything else as -1, which the range check refuses. */
function parseSeed(typed: string): number {
  const trimmed = typed.trim();
  if (trimmed === '') return Number.NaN;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : -1;
}
