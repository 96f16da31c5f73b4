import { ASPECT_RATIOS, LIMITS } from '@app/contract/constants';

/** What Recreate hands to the studio through session storage (spec 000 §2). */
export interface RecreateValues {
  prompt: string;
  model?: string;
  aspectRatio?: (typeof ASPECT_RATIOS)[number];
  generationType?: string;
  inputImageUrls?: string[];
}

/** One key for the whole hand-over, removed once the studio has read it. */
export const RECREATE_KEY = 'studio-recreate';

/** What a page may store: plain task fields, checked again when the studio reads them. */
export type RecreateInput = Omit<RecreateValues, 'aspectRatio'> & { aspectRatio?: string };

export function saveRecreate(values: RecreateInput, storage: Pick<Storage, 'setItem'> = sessionStorage): void {
  storage.setItem(RECREATE_KEY, JSON.stringify(values));
}

const isHttpUrl = (value: unknown): value is string => typeof value === 'string' && /^https?:\/\//.test(value);

/** The stored values, checked field by field (storage is user-editable); null when absent or unreadable. */
export function readRecreate(storage: Pick<Storage, 'getItem'> = sessionStorage): RecreateValues | null {
  let raw: unknown;
  try {
    raw = JSON.parse(storage.getItem(RECREATE_KEY) ?? 'null');
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const value = raw as Record<string, unknown>;
  if (typeof value.prompt !== 'string') return null;
  const aspectRatio = ASPECT_RATIOS.find((ratio) => ratio === value.aspectRatio);
  const urls = Array.isArray(value.inputImageUrls) ? value.inputImageUrls.filter(isHttpUrl).slice(0, LIMITS.maxReferenceImages) : [];
  return {
    prompt: value.prompt,
    ...(typeof value.model === 'string' && { model: value.model }),
    ...(aspectRatio && { aspectRatio }),
    ...(typeof value.generationType === 'string' && { generationType: value.generationType }),
    ...(urls.length > 0 && { inputImageUrls: urls }),
  };
}

export function clearRecreate(storage: Pick<Storage, 'removeItem'> = sessionStorage): void {
  storage.removeItem(RECREATE_KEY);
}
