import { useT } from '@app/i18n';
import { UnstyledLabel, UnstyledRadio, UnstyledRadioGroup } from '@app/ui';
import { SCALE_RATIOS, type ScaleRatio } from './studioTabs.ts';

/** x2, x3 or x4 as a segmented control. */
export function ScaleRatioPicker({
  value,
  onChange,
  isDisabled,
}: {
  value: ScaleRatio;
  onChange: (value: ScaleRatio) => void;
  isDisabled: boolean;
}) {
  const t = useT();
  return (
    <UnstyledRadioGroup
      className="studio-scale"
      value={value}
      onChange={(next) => onChange(SCALE_RATIOS.find((ratio) => ratio === next) ?? '2')}
      orientation="horizontal"
      isDisabled={isDisabled}
    >
      <UnstyledLabel className="ui-Label">{t('studio.scaleRatioLabel')}</UnstyledLabel>
      <div className="studio-scale-options">
        {SCALE_RATIOS.map((ratio) => (
          <UnstyledRadio key={ratio} value={ratio} className="studio-scale-option">
            x{ratio}
          </UnstyledRadio>
        ))}
      </div>
    </UnstyledRadioGroup>
  );
}
