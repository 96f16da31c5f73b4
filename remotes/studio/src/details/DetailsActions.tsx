import { useT } from '@app/i18n';
import { Button } from '@app/ui';
import { isUpscale } from '../tasks/taskLabels.ts';
import type { ImageTask } from '../tasks/types.ts';
import { useDownloadImage } from './useDownloadImage.ts';

export interface DetailsActionHandlers {
  /** Recreate Image: each page decides how the form is prefilled. */
  onRecreate: (task: ImageTask) => void;
  /** Upscale HD Quality: each page decides how the upscale tab is opened. */
  onUpscale: (task: ImageTask) => void;
}

/** The completed task's actions. Recreate and Upscale make no sense for an upscale, so they are hidden there. */
export function DetailsActions({ task, onRecreate, onUpscale }: { task: ImageTask } & DetailsActionHandlers) {
  const t = useT();
  const { download, isDownloading } = useDownloadImage();
  return (
    <div className="studio-details-actions">
      {!isUpscale(task) && (
        <>
          <Button variant="secondary" onPress={() => onRecreate(task)}>
            {t('studio.recreate')}
          </Button>
          <Button variant="secondary" onPress={() => onUpscale(task)}>
            {t('studio.upscaleHd')}
          </Button>
        </>
      )}
      <Button onPress={() => download(task)} isPending={isDownloading}>
        {t('studio.download')}
      </Button>
    </div>
  );
}
