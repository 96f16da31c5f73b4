import { useSession } from '@app/api-client';
import { useT } from '@app/i18n';
import { PageHeader, Spinner } from '@app/ui';
import { Suspense, startTransition, use, useState } from 'react';
import { LazyUpscalePanel, loadParts } from '../deferred/lazyParts.tsx';
import { LazyImageDetailsDialog } from '../details/LazyImageDetailsDialog.tsx';
import { useTaskDetails } from '../details/useTaskDetails.ts';
import { GenerationPanel } from '../generate/GenerationPanel.tsx';
import { GenerationTips } from '../generate/GenerationTips.tsx';
import { PreviewPanel } from '../generate/PreviewPanel.tsx';
import { RecentImages } from '../generate/RecentImages.tsx';
import { saveRecreate } from '../generate/recreateStorage.ts';
import { StudioTabs } from '../generate/StudioTabs.tsx';
import { useGenerationForm } from '../generate/useGenerationForm.ts';
import { useLaunchState } from '../generate/useLaunchState.ts';
import { useStudioTasks } from '../generate/useStudioTasks.ts';
import { useSubmitGeneration } from '../generate/useSubmitGeneration.ts';
import { useSubmitUpscale } from '../generate/useSubmitUpscale.ts';
import { useUpscaleForm } from '../generate/useUpscaleForm.ts';
import { useStudioPricing } from '../session/useStudioPricing.ts';
import type { ImageTask } from '../tasks/types.ts';
import { useRefundWatcher } from '../tasks/useRefundWatcher.ts';
import '../generate/generate.css';

/** /generate: the studio with text, edit and upscale tabs, the live preview and the recent images. */
export function GeneratePage() {
  const t = useT();
  const launch = useLaunchState();
  // Opened on the edit or upscale tab (a link or Recreate): the page shows once that tab's tools have loaded,
  // rather than painting the form and then pushing it about.
  if (launch.tab !== 'text_to_image') use(loadParts());
  const [tab, setShownTab] = useState(launch.tab);
  // The edit and upscale tools may still be downloading: the current tab stays until the chosen one can show.
  const setTab = (next: typeof tab) => startTransition(() => setShownTab(next));
  const generation = useGenerationForm(launch);
  const upscale = useUpscaleForm(launch);
  const submitGeneration = useSubmitGeneration(generation);
  const submitUpscale = useSubmitUpscale(upscale);
  const costs = useStudioPricing();
  const { user } = useSession();
  const { newest, batch, recent } = useStudioTasks(Boolean(user));
  useRefundWatcher(recent);
  const details = useTaskDetails([...batch, ...recent]);
  const isStudioBusy = submitGeneration.isBusy || submitUpscale.isBusy;

  // Recreate here keeps prompt, ratio and type, then reloads: the fresh page prefills from them.
  function recreate(task: ImageTask) {
    saveRecreate({ prompt: task.prompt, aspectRatio: task.aspectRatio, generationType: task.generationType });
    window.location.reload();
  }

  function upscaleResult(task: ImageTask) {
    details.close();
    setTab('upscale_hd');
    upscale.setScale('4');
    window.scrollTo({ top: 0, behavior: 'smooth' });
    const image = task.resultUrls[0];
    if (image) void upscale.preload(image);
  }

  const generationPanel = (panelTab: 'text_to_image' | 'edit_image') => (
    <GenerationPanel
      tab={panelTab}
      form={generation}
      onSubmit={() => submitGeneration.submit(panelTab)}
      errors={submitGeneration.errors}
      onEdit={submitGeneration.clearError}
      isBusy={submitGeneration.isBusy}
      isStudioBusy={isStudioBusy}
      cost={costs?.[panelTab]}
    />
  );

  return (
    <div className="ui-container ui-page studio-page">
      <PageHeader title={t('studio.generateTitle')} subtitle={t('studio.generateSubtitle')} />
      <div className="studio-layout">
        <StudioTabs
          tab={tab}
          onTabChange={setTab}
          onTabsIntent={() => void loadParts().catch(() => undefined)}
          panels={{
            text_to_image: generationPanel('text_to_image'),
            edit_image: generationPanel('edit_image'),
            upscale_hd: (
              <Suspense fallback={<Spinner size="lg" />}>
                <LazyUpscalePanel
                  form={upscale}
                  onSubmit={submitUpscale.submit}
                  isBusy={submitUpscale.isBusy}
                  isStudioBusy={isStudioBusy}
                  cost={costs?.upscale_hd}
                />
              </Suspense>
            ),
          }}
        />
        <aside className="studio-aside">
          <PreviewPanel task={newest} batch={batch} onOpen={details.open} />
          <GenerationTips />
        </aside>
      </div>
      <RecentImages tasks={recent} onOpen={details.open} />
      <LazyImageDetailsDialog task={details.task} onClose={details.close} onRecreate={recreate} onUpscale={upscaleResult} />
    </div>
  );
}
