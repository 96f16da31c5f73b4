import { api, unwrap, useInvalidate } from '@app/api-client';
import { useT } from '@app/i18n';
import { toast } from '@app/ui';
import { useState } from 'react';
import { uploadImages } from '../images/uploadImages.ts';
import { StudioError, serverMessage } from './serverMessage.ts';
import type { UpscaleForm } from './useUpscaleForm.ts';

/** Submits the upscale tab: uploads a chosen file (a preloaded image keeps its address), then POST /api/upscale-image. */
export function useSubmitUpscale(form: UpscaleForm) {
  const t = useT();
  const invalidate = useInvalidate();
  const [isBusy, setBusy] = useState(false);

  async function submit() {
    const { source, scale, faceEnhancement } = form;
    if (!source) return;
    setBusy(true);
    try {
      const imageUrl = source.url ?? (await uploadImages([source.blob]))[0];
      if (!imageUrl) throw new StudioError(t('studio.uploadImageError'));
      unwrap(await api.POST('/api/upscale-image', { body: { imageUrl, scaleRatio: scale, faceEnhancement } }));
      toast({ title: t('studio.upscaleStarted'), description: t('studio.upscaleStartedBody', { scale }), variant: 'success' });
      invalidate('/api/image-tasks', '/api/auth/current-user');
    } catch (error) {
      toast({ title: t('studio.upscaleFailed'), description: serverMessage(error, t('studio.upscaleStartError')), variant: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return { submit, isBusy };
}
