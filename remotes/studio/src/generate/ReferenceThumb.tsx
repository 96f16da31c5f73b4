import { useT } from '@app/i18n';
import { UnstyledButton } from '@app/ui';
import { useObjectUrl } from '../images/useObjectUrl.ts';
import type { ReferenceImage } from './useGenerationForm.ts';

/** One reference image's preview with its remove button. */
export function ReferenceThumb({
  reference,
  index,
  onRemove,
  isDisabled,
}: {
  reference: ReferenceImage;
  index: number;
  onRemove: () => void;
  isDisabled: boolean;
}) {
  const t = useT();
  const local = useObjectUrl(reference.file);
  const src = reference.url ?? local;
  return (
    <li className="studio-reference">
      {src && <img src={src} alt={t('studio.referenceImageAlt', { index: index + 1 })} />}
      <UnstyledButton
        className="studio-reference-remove"
        aria-label={t('studio.removeImage', { index: index + 1 })}
        onPress={onRemove}
        isDisabled={isDisabled}
      >
        <svg viewBox="0 0 16 16" aria-hidden="true">
          <path d="m4 4 8 8m0-8-8 8" />
        </svg>
      </UnstyledButton>
    </li>
  );
}
