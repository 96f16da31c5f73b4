import { useT } from '@app/i18n';
import { Form, Spinner, TextField } from '@app/ui';
import { Suspense } from 'react';
import { LazyReferenceImages } from '../deferred/lazyParts.tsx';
import { GenerationSettings } from './GenerationSettings.tsx';
import { SubmitBar } from './SubmitBar.tsx';
import type { GenerationForm } from './useGenerationForm.ts';

interface GenerationPanelProps {
  tab: 'text_to_image' | 'edit_image';
  form: GenerationForm;
  onSubmit: () => void;
  /** Client and server messages by field name (`prompt`, `seeds`, `inputImageUrls...`). */
  errors: Record<string, string>;
  /** Forgets a field's message once the user changes it. */
  onEdit: (field: string) => void;
  isBusy: boolean;
  isStudioBusy: boolean;
  cost: number | undefined;
}

/** The text tab (prompt and settings) and the edit tab (reference images, instructions and settings). */
export function GenerationPanel({ tab, form, onSubmit, errors, onEdit, isBusy, isStudioBusy, cost }: GenerationPanelProps) {
  const t = useT();
  const isEdit = tab === 'edit_image';
  const referenceError = Object.entries(errors).find(([name]) => name.startsWith('inputImageUrls'))?.[1];
  return (
    <Form
      className="studio-panel"
      validationErrors={errors}
      validationBehavior="aria"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {isEdit && (
        <Suspense fallback={<Spinner size="lg" />}>
          <LazyReferenceImages form={form} isDisabled={isStudioBusy} error={referenceError} onChange={() => onEdit('inputImageUrls')} />
        </Suspense>
      )}
      <TextField
        name="prompt"
        multiline
        rows={isEdit ? 3 : 4}
        label={isEdit ? t('studio.instructionsLabel') : t('studio.promptLabel')}
        placeholder={isEdit ? t('studio.instructionsPlaceholder') : t('studio.promptPlaceholder')}
        value={form.values.prompt}
        onChange={(prompt) => {
          form.update({ prompt });
          onEdit('prompt');
        }}
        isDisabled={isStudioBusy}
      />
      <GenerationSettings form={form} isDisabled={isStudioBusy} onSeedChange={() => onEdit('seeds')} />
      <SubmitBar
        label={t('studio.generateButton')}
        busyLabel={t('studio.generating')}
        isBusy={isBusy}
        isDisabled={isStudioBusy}
        cost={cost === undefined ? undefined : cost * form.values.count}
        costDetail={cost !== undefined && form.values.count > 1 ? t('studio.costPerImage', { images: form.values.count, cost }) : undefined}
      />
    </Form>
  );
}
