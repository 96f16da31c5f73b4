// Parsers the config files share: environment variables arrive as strings.
import { z } from 'zod';

/** `a, b,,c` -> `['a', 'b', 'c']`; unset is an empty list. */
export const commaList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

/** `true`/`1` or `false`/`0`; add `.default(false)` or `.optional()` for an unset variable. */
export const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');
