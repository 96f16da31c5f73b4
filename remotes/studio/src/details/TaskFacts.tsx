import { useT } from '@app/i18n';
import { creditsOf, isFromApi, MODEL_LABELS } from '../tasks/taskLabels.ts';
import type { ImageTask } from '../tasks/types.ts';

/** TaskID, Model, Ratio, Credits and Via, as a definition list. */
export function TaskFacts({ task }: { task: ImageTask }) {
  const t = useT();
  const facts = [
    ['taskId', t('studio.infoTaskId'), task.taskId],
    ['model', t('studio.infoModel'), t(MODEL_LABELS[task.model] ?? 'studio.modelNanoBanana')],
    ['ratio', t('studio.infoRatio'), task.aspectRatio],
    ['credits', t('studio.infoCredits'), String(creditsOf(task))],
    ['via', t('studio.infoVia'), isFromApi(task) ? t('studio.viaApi') : t('studio.viaWeb')],
  ] as const;
  return (
    <dl className="studio-details-facts">
      {facts.map(([key, label, value]) => (
        <div key={key} data-fact={key}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
