import { useT } from '@app/i18n';
import { Button, TextField } from '@app/ui';
import { NativeSelect } from '@app/ui/native-select';
import { useEffect, useRef, useState } from 'react';
import { type CreationFilters, TASK_KINDS, TASK_ORIGINS, TASK_STATUSES, WHEN } from './creationFilters.ts';

/** Typing settles this long before the search reaches the address (and the list asks once). */
const SEARCH_DEBOUNCE_MS = 300;
const ANY = 'any';

const KIND_LABEL = { text_to_image: 'studio.kindGenerate', edit_image: 'studio.kindEdit', upscale: 'studio.kindUpscale' } as const;
const STATUS_LABEL = {
  pending: 'studio.statusPending',
  generating: 'studio.statusGenerating',
  completed: 'studio.statusCompleted',
  failed: 'studio.statusFailed',
} as const;
const ORIGIN_LABEL = { web: 'studio.viaWeb', api: 'studio.viaApi', n8n: 'studio.viaN8n' } as const;
const WHEN_LABEL = { recent: 'studio.whenRecent', all: 'studio.whenAll', range: 'studio.whenRange' } as const;

/** The search box, the kind, status, origin and date filters, Favourites and Clear filters of My Creations. */
export function CreationFilterBar({ filters, onChange }: { filters: CreationFilters; onChange: (next: CreationFilters) => void }) {
  const t = useT();
  const [text, setText] = useState(filters.q);
  // What this box last sent: an address change from elsewhere (Clear, back) replaces the text, its own echo does not.
  const sent = useRef(filters.q);
  useEffect(() => {
    if (filters.q !== sent.current) {
      sent.current = filters.q;
      setText(filters.q);
    }
  }, [filters.q]);
  useEffect(() => {
    if (text.trim() === filters.q.trim()) return;
    const timer = setTimeout(() => {
      sent.current = text.trim();
      onChange({ ...filters, q: text.trim() });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, filters, onChange]);

  // Native selects: the phone's own picker, full keyboard use, and no listbox code on the page.
  const choice = <K extends 'type' | 'status' | 'via'>(
    key: K,
    label: string,
    values: readonly string[],
    labels: Record<string, string>,
  ) => (
    <NativeSelect
      label={label}
      name={key}
      value={filters[key] ?? ANY}
      options={[
        { id: ANY, label: t('studio.filterAny') },
        ...values.map((value) => ({ id: value, label: t(labels[value] as 'studio.filterAny') })),
      ]}
      onChange={(value) => onChange({ ...filters, [key]: value === ANY ? undefined : value })}
    />
  );

  return (
    <search>
      <div className="studio-creations-filters">
        <TextField
          className="studio-creations-search"
          type="search"
          label={t('studio.searchLabel')}
          placeholder={t('studio.searchPlaceholder')}
          value={text}
          onChange={setText}
        />
        {choice('type', t('studio.filterKind'), TASK_KINDS, KIND_LABEL)}
        {choice('status', t('studio.filterStatus'), TASK_STATUSES, STATUS_LABEL)}
        {choice('via', t('studio.filterOrigin'), TASK_ORIGINS, ORIGIN_LABEL)}
        <NativeSelect
          label={t('studio.filterWhen')}
          name="when"
          value={filters.when}
          options={WHEN.map((value) => ({ id: value, label: t(WHEN_LABEL[value]) }))}
          onChange={(when) => onChange({ ...filters, when })}
        />
      </div>
      {filters.when === 'range' && (
        <div className="studio-creations-range">
          <TextField
            type="date"
            label={t('studio.filterFrom')}
            value={filters.from ?? ''}
            onChange={(from) => onChange({ ...filters, from: from || undefined })}
          />
          <TextField
            type="date"
            label={t('studio.filterTo')}
            value={filters.to ?? ''}
            onChange={(to) => onChange({ ...filters, to: to || undefined })}
          />
        </div>
      )}
    </search>
  );
}

/** The Favourites toggle (its address, `favourite=1`, predates the search). */
export function FavouritesToggle({ filters, onChange }: { filters: CreationFilters; onChange: (next: CreationFilters) => void }) {
  const t = useT();
  return (
    <Button
      variant="secondary"
      size="sm"
      className="studio-creations-filter"
      aria-pressed={filters.favourite}
      data-selected={filters.favourite || undefined}
      onPress={() => onChange({ ...filters, favourite: !filters.favourite })}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />
      </svg>
      {t('studio.favouritesOnly')}
    </Button>
  );
}
