import { useMutation, useSubmitOnce } from '@app/api-client';
import { useT } from '@app/i18n';
import { toast } from '@app/ui';
import { useMemo, useState } from 'react';
import { useUploadImages } from '../images/useUploadImages.ts';
import { useOutOfCredits } from '../session/useOutOfCredits.ts';
import { TAB_MODELS } from './studioTabs.ts';
import { uploadReferences } from './uploadReferences.ts';
import type { GenerationForm } from './useGenerationForm.ts';
import { validateGeneration } from './validateGeneration.ts';

/**
 * Submits the text or edit tab: checks the form, uploads new reference images (edit), then
 * POST /api/generate-image. Refreshes the task lists and the balance once the task is accepted.
 * One press is one submission: repeats while it runs (or of the same double click) are ignored, and each call
 * carries its intent's Idempotency-Key, so a retry after a lost answer cannot charge twice.
 */
export function useSubmitGeneration(form: GenerationForm) {
  const t = useT();
  const upload = useUploadImages(t('studio.uploadFailed'), t('studio.uploadImagesError'));
  const generate = useMutation('post', '/api/generate-image', {
    failure: t('studio.generationFailed'),
    fallback: t('studio.genericError'),
    invalidates: ['/api/image-tasks', '/api/auth/current-user'],
    idempotent: true,
    onProblem: useOutOfCredits(),
    onSuccess: () => toast({ title: t('studio.generationStarted'), description: t('studio.generationStartedBody'), variant: 'success' }),
  });
  const once = useSubmitOnce();
  /** The form's own findings; the server's come from the mutation. */
  const [checked, setChecked] = useState<Record<string, string>>({});

  const submit = (tab: 'text_to_image' | 'edit_image') =>
    once.run(async () => {
      const { values, references } = form;
      const found = validateGeneration(tab, values, references.length);
      setChecked(Object.fromEntries(Object.entries(found).map(([name, key]) => [name, t(key)])));
      generate.setFieldErrors({});
      if (Object.keys(found).length > 0) return;
      let inputImageUrls: string[] = [];
      if (tab === 'edit_image') {
        const stored = await uploadReferences(references, upload);
        if (!stored) return;
        // Keep the stored addresses, so submitting again does not upload the same files twice.
        form.setReferences(stored);
        inputImageUrls = stored.map((reference) => reference.url);
      }
      return generate.trigger({
        body: {
          prompt: values.prompt.trim(),
          inputImageUrls,
          ...TAB_MODELS[tab],
          aspectRatio: values.aspectRatio,
          outputFormat: values.outputFormat,
          imageSize: values.imageSize,
          ...(!Number.isNaN(values.seed) && { seeds: values.seed }),
          enableFallback: values.enableFallback,
          n: values.count,
        },
      });
    });

  /** Drops a field's message as soon as the user edits it, so the layout does not shift under their next click. */
  function clearError(prefix: string) {
    const drop = (current: Record<string, string>) => {
      const kept = Object.entries(current).filter(([name]) => !name.startsWith(prefix));
      return kept.length === Object.keys(current).length ? current : Object.fromEntries(kept);
    };
    setChecked(drop);
    generate.setFieldErrors(drop);
  }

  // One object per change: the form resets its shown server messages whenever this object is a new one.
  const errors = useMemo(() => ({ ...generate.fieldErrors, ...checked }), [generate.fieldErrors, checked]);
  return { submit, isBusy: once.isBusy, errors, clearError };
}
