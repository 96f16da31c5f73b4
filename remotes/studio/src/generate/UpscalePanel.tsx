import { useT } from '@app/i18n';
import { Checkbox } from '@app/ui';
import { ScaleRatioPicker } from './ScaleRatioPicker.tsx';
import { SubmitBar } from './SubmitBar.tsx';
import { UpscaleImagePicker } from './UpscaleImagePicker.tsx';
import type { UpscaleForm } from './useUpscaleForm.ts';

interface UpscalePanelProps {
  form: UpscaleForm;
  onSubmit: () => void;
  isBusy: boolean;
  isStudioBusy: boolean;
  cost: number | undefined;
}

/** The upscale tab: the image, x2/x3/x4, face enhancement; nothing to submit until there is an image. */
export function UpscalePanel({ form, onSubmit, isBusy, isStudioBusy, cost }: UpscalePanelProps) {
  const t = useT();
  return (
    <div className="studio-panel">
      <UpscaleImagePicker form={form} isDisabled={isStudioBusy} />
      <ScaleRatioPicker value={form.scale} onChange={form.setScale} isDisabled={isStudioBusy} />
      <Checkbox
        name="faceEnhancement"
        isSelected={form.faceEnhancement}
        onChange={form.setFaceEnhancement}
        description={t('studio.faceEnhancementDescription')}
        isDisabled={isStudioBusy}
      >
        {t('studio.faceEnhancement')}
      </Checkbox>
      <SubmitBar
        label={t('studio.upscaleButton')}
        busyLabel={t('studio.processing')}
        isBusy={isBusy}
        isDisabled={isStudioBusy || !form.source || form.isPreloading}
        cost={cost}
        onPress={onSubmit}
      />
    </div>
  );
}
