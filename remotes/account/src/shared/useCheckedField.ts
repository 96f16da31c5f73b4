import { type MessageKey, useT } from '@app/i18n';
import { useState } from 'react';
import { textOf } from './textOf.ts';

/**
 * The value of a text or password field with its client check; spread the result onto the field.
 * `check` answers a message key (or null), shown as text under the field.
 */
export function useCheckedField(check: (value: string) => MessageKey | null) {
  const t = useT();
  const [value, setValue] = useState('');
  return { value, onChange: setValue, validate: (input: string) => textOf(t, check(input)) };
}
