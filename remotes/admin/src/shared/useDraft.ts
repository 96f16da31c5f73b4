import { useState } from 'react';

/** A form's fields as one object, with `set('field')` giving each field its own onChange. */
export function useDraft<T extends object>(initial: T) {
  const [draft, setDraft] = useState<T>(initial);
  const set =
    <K extends keyof T>(key: K) =>
    (value: T[K]) =>
      setDraft((d) => ({ ...d, [key]: value }));
  return { draft, set };
}
