import { api, toFieldErrors, unwrap, useInvalidate } from '@app/api-client';
import { useT } from '@app/i18n';
import { toast } from '@app/ui';
import { useState } from 'react';
import { serverMessage } from './serverMessage.ts';
import { TAB_MODELS } from './studioTabs.ts';
import { uploadReferences } from './uploadReferences.ts';
import type { GenerationForm } from './useGenerationForm.ts';
import { validateGeneration } from './validateGeneration.ts';

/**
 * Submits the text or edit tab: checks the form, uploads new reference images (edit), then
 * POST /api/generate-image. Refreshes the task lists and the balance once the task is accepted.
 */
export function useSubmitGeneration(form: GenerationForm) {
  const t = useT();
  const invalidate = useInvalidate();
  const [isBusy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function submit(tab: 'text_to_image' | 'edit_image') {
    const { values, references } = form;
    const found = validateGeneration(tab, values, references.length);
    setErrors(Object.fromEntries(Object.entries(found).map(([name, key]) => [name, t(key)])));
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      let inputImageUrls: string[] = [];
      if (tab === 'edit_image') {
        try {
          const stored = await uploadReferences(references, t('studio.uploadImagesError'));
          // Keep the stored addresses, so submitting again does not upload the same files twice.
          form.setReferences(stored);
          inputImageUrls = stored.map((reference) => reference.url);
        } catch (error) {
          toast({ title: t('studio.uploadFailed'), description: serverMessage(error, t('studio.uploadImagesError')), variant: 'error' });
          return;
        }
      }
      const body = {
        prompt: values.prompt.trim(),
        inputImageUrls,
        ...TAB_MODELS[tab],
        aspectRatio: values.aspectRatio,
        outputFormat: values.outputFormat,
        imageSize: values.imageSize,
        ...(!Number.isNaN(values.seed) && { seeds: values.seed }),
        enableFallback: values.enableFallback,
      };
      unwrap(await api.POST('/api/generate-image', { body }));
      toast({ title: t('studio.generationStarted'), description: t('studio.generationStartedBody'), variant: 'success' });
      invalidate('/api/image-tasks', '/api/auth/current-user');
    } catch (error) {
      setErrors(toFieldErrors(error));
      toast({ title: t('studio.generationFailed'), description: serverMessage(error, t('studio.genericError')), variant: 'error' });
    } finally {
      setBusy(false);
    }
  }

  /** Drops a field's message as soon as the user edits it, so the layout does not shift under their next click. */
  function clearError(prefix: string) {
    setErrors((current) => {
      const kept = Object.entries(current).filter(([name]) => !name.startsWith(prefix));
      return kept.length === Object.keys(current).length ? current : Object.fromEntries(kept);
    });
  }

  return { submit, isBusy, errors, clearError };
}
