import { useMutation, useSubmitOnce } from '@app/api-client';
import { useT } from '@app/i18n';
import { toast } from '@app/ui';
import { useUploadImages } from '../images/useUploadImages.ts';
import { useOutOfCredits } from '../session/useOutOfCredits.ts';
import type { UpscaleForm } from './useUpscaleForm.ts';

/**
 * Submits the upscale tab: uploads a chosen file (a preloaded image keeps its address), then POST /api/upscale-image.
 * One press is one submission, each call with its intent's Idempotency-Key (see useSubmitGeneration).
 */
export function useSubmitUpscale(form: UpscaleForm) {
  const t = useT();
  const upload = useUploadImages(t('studio.upscaleFailed'), t('studio.uploadImageError'));
  const upscale = useMutation('post', '/api/upscale-image', {
    failure: t('studio.upscaleFailed'),
    fallback: t('studio.upscaleStartError'),
    invalidates: ['/api/image-tasks', '/api/auth/current-user'],
    idempotent: true,
    onProblem: useOutOfCredits(),
    onSuccess: () =>
      toast({ title: t('studio.upscaleStarted'), description: t('studio.upscaleStartedBody', { scale: form.scale }), variant: 'success' }),
  });
  const once = useSubmitOnce();

  const submit = () =>
    once.run(async () => {
      const { source, scale, faceEnhancement } = form;
      if (!source) return;
      const imageUrl = source.url ?? (await upload([source.blob]))?.[0];
      return imageUrl ? upscale.trigger({ body: { imageUrl, scaleRatio: scale, faceEnhancement } }) : undefined;
    });

  return { submit, isBusy: once.isBusy };
}
