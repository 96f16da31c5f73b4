import { LIMITS } from '@app/contract/constants';
import { useT } from '@app/i18n';
import { toast, UnstyledButton } from '@app/ui';
import { useRef } from 'react';
import { type FilePicker, HiddenFileInput } from '../images/HiddenFileInput.tsx';
import { checkImageFile, UPLOAD_TYPES } from '../images/imageFiles.ts';
import { tellRefused } from '../images/tellRefused.ts';
import { pickImages } from './pickImages.ts';
import { ReferenceThumb } from './ReferenceThumb.tsx';
import { type GenerationForm, toReferences } from './useGenerationForm.ts';

/** The edit tab's reference images: up to 5, each removable, with a counter, previews and an add tile. */
export function ReferenceImages({
  form,
  isDisabled,
  error,
  onChange,
}: {
  form: GenerationForm;
  isDisabled: boolean;
  error?: string;
  /** Called when images are added or removed. */
  onChange: () => void;
}) {
  const t = useT();
  const { references, setReferences } = form;
  const max = LIMITS.maxReferenceImages;
  const isFull = references.length >= max;
  const picker = useRef<FilePicker>(null);

  // The count when the checks end (the list may have changed while the files were being decoded).
  const count = useRef(references.length);
  count.current = references.length;

  async function add(files: File[]) {
    const checked = await Promise.all(files.map(async (file) => ({ file, refusal: await checkImageFile(file) })));
    const { added, refused, cut } = pickImages(checked, max - count.current);
    if (added.length > 0) {
      setReferences((current) => [...current, ...toReferences(added.map((file) => ({ file })))]);
      onChange();
    }
    if (!tellRefused(t, refused) && cut > 0) {
      toast({ title: t('studio.imagesCutTitle'), description: t('studio.imagesCutBody', { count: added.length }), variant: 'warning' });
    }
  }

  return (
    <div className="studio-references" data-invalid={error ? true : undefined}>
      <div className="studio-references-head">
        <span className="ui-Label" id="studio-references-label">
          {t('studio.referenceImagesLabel')}
        </span>
        <span className="studio-references-count" data-testid="reference-count">
          {t('studio.imageCounter', { count: references.length, max })}
        </span>
      </div>
      <ul className="studio-references-list" aria-labelledby="studio-references-label">
        {references.map((reference, index) => (
          <ReferenceThumb
            key={reference.id}
            reference={reference}
            index={index}
            isDisabled={isDisabled}
            onRemove={() => {
              setReferences((current) => current.filter((item) => item.id !== reference.id));
              onChange();
            }}
          />
        ))}
        {!isFull && (
          <li className="studio-reference studio-reference-add">
            <UnstyledButton className="studio-reference-add-button" isDisabled={isDisabled} onPress={() => picker.current?.open()}>
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path d="M12 5v14M5 12h14" />
              </svg>
              <span>{t('studio.addImages')}</span>
            </UnstyledButton>
          </li>
        )}
      </ul>
      <HiddenFileInput
        ref={picker}
        accept={UPLOAD_TYPES}
        multiple
        disabled={isDisabled || isFull}
        onFiles={(files) => void add(files)}
        data-testid="reference-input"
      />
      <p className="ui-Description studio-references-hint" data-full={isFull || undefined}>
        {isFull ? t('studio.maxImagesReached') : t('studio.referenceImagesHint')}
      </p>
      {error && (
        <p className="ui-FieldError" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
