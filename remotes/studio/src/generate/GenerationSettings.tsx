import { ASPECT_RATIOS, IMAGE_PIXELS, IMAGE_SIZES, LIMITS, OUTPUT_FORMATS } from '@app/contract/constants';
import { useT } from '@app/i18n';
import { Checkbox } from '@app/ui';
import { NativeSelect } from '@app/ui/native-select';
import { SeedField } from './SeedField.tsx';
import type { GenerationForm } from './useGenerationForm.ts';

/** 1 to 4: each image is its own task, charged on its own. */
const IMAGE_COUNTS = Array.from({ length: LIMITS.maxImagesPerRequest }, (_, index) => index + 1);

/** How many images (1 to 4), aspect ratio, output format, image size, optional seed and the fallback option. */
export function GenerationSettings({
  form,
  isDisabled,
  onSeedChange,
}: {
  form: GenerationForm;
  isDisabled: boolean;
  onSeedChange: () => void;
}) {
  const t = useT();
  const { values, update } = form;
  const sizeLabel = (size: (typeof IMAGE_SIZES)[number]) =>
    size === 'auto' ? t('studio.sizeAuto') : t('studio.sizeOption', { ratio: size, ...IMAGE_PIXELS[size] });
  return (
    <fieldset className="studio-settings" disabled={isDisabled}>
      <legend>{t('studio.settingsTitle')}</legend>
      <NativeSelect
        label={t('studio.imageCountLabel')}
        name="n"
        options={IMAGE_COUNTS.map((count) => ({ id: String(count), label: String(count) }))}
        value={String(values.count)}
        onChange={(count) => update({ count: Number(count) })}
        isDisabled={isDisabled}
      />
      <NativeSelect
        label={t('studio.aspectRatioLabel')}
        name="aspectRatio"
        options={ASPECT_RATIOS.map((ratio) => ({ id: ratio, label: ratio }))}
        value={values.aspectRatio}
        onChange={(aspectRatio) => update({ aspectRatio })}
        isDisabled={isDisabled}
      />
      <NativeSelect
        label={t('studio.outputFormatLabel')}
        name="outputFormat"
        options={OUTPUT_FORMATS.map((format) => ({ id: format, label: t(format === 'png' ? 'studio.formatPng' : 'studio.formatJpeg') }))}
        value={values.outputFormat}
        onChange={(outputFormat) => update({ outputFormat })}
        isDisabled={isDisabled}
      />
      <NativeSelect
        label={t('studio.imageSizeLabel')}
        name="imageSize"
        options={IMAGE_SIZES.map((size) => ({ id: size, label: sizeLabel(size) }))}
        value={values.imageSize}
        onChange={(imageSize) => update({ imageSize })}
        isDisabled={isDisabled}
      />
      <SeedField
        seed={values.seed}
        onChange={(seed) => {
          update({ seed });
          onSeedChange();
        }}
        isDisabled={isDisabled}
      />
      <Checkbox
        className="studio-settings-wide"
        name="enableFallback"
        isSelected={values.enableFallback}
        onChange={(enableFallback) => update({ enableFallback })}
        description={t('studio.fallbackDescription')}
        isDisabled={isDisabled}
      >
        {t('studio.fallbackLabel')}
      </Checkbox>
    </fieldset>
  );
}
