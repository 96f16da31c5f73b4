import { useT } from '@app/i18n';
import { Button, Spinner } from '@app/ui';
import { useRef } from 'react';
import { shortFileName } from '../images/fileNames.ts';
import { type FilePicker, HiddenFileInput } from '../images/HiddenFileInput.tsx';
import { checkImageFile, UPLOAD_TYPES } from '../images/imageFiles.ts';
import { tellRefused } from '../images/tellRefused.ts';
import { useObjectUrl } from '../images/useObjectUrl.ts';
import type { UpscaleForm } from './useUpscaleForm.ts';

/** The image to upscale: a file chooser (PNG, JPG or WebP, as the Edit tab), its preview and its name cut at 15 characters. */
export function UpscaleImagePicker({ form, isDisabled }: { form: UpscaleForm; isDisabled: boolean }) {
  const t = useT();
  const picker = useRef<FilePicker>(null);
  const preview = useObjectUrl(form.source?.blob);

  async function choose([file]: File[]) {
    if (!file) return;
    const refusal = await checkImageFile(file);
    if (refusal) tellRefused(t, [{ file, refusal }]);
    else form.choose(file);
  }

  return (
    <div className="studio-upscale-picker">
      <span className="ui-Label">{t('studio.upscaleImageLabel')}</span>
      <div className="studio-upscale-drop" data-has-image={form.source ? true : undefined}>
        {form.isPreloading ? (
          <div className="studio-upscale-loading">
            <Spinner />
            <span>{t('studio.loadingUpscaleImage')}</span>
          </div>
        ) : preview ? (
          <img src={preview} alt={t('studio.upscalePreviewAlt')} />
        ) : (
          <svg className="studio-upscale-icon" viewBox="0 0 24 24" aria-hidden="true">
            <rect x="3" y="3" width="18" height="18" rx="3" />
            <path d="m3 16 5-5 4 4 3-3 6 6" />
            <circle cx="8.5" cy="8.5" r="1.5" />
          </svg>
        )}
      </div>
      <div className="studio-upscale-file">
        <HiddenFileInput
          ref={picker}
          accept={UPLOAD_TYPES}
          disabled={isDisabled}
          onFiles={(files) => void choose(files)}
          data-testid="upscale-input"
        />
        <Button variant="secondary" size="sm" isDisabled={isDisabled} onPress={() => picker.current?.open()}>
          {form.source ? t('studio.changeImage') : t('studio.chooseImage')}
        </Button>
        <span className="studio-upscale-name" title={form.source?.name} data-testid="upscale-file-name">
          {form.source ? shortFileName(form.source.name) : t('studio.noImageChosen')}
        </span>
      </div>
      <span className="ui-Description">{t('studio.upscaleFormats')}</span>
    </div>
  );
}
