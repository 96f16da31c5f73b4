import { useT } from '@app/i18n';
import { Card } from '@app/ui';

const TIPS = ['studio.tipSubject', 'studio.tipStyle', 'studio.tipLight', 'studio.tipEdit'] as const;

/** Short advice for writing prompts, beside the preview. */
export function GenerationTips() {
  const t = useT();
  return (
    <Card className="studio-tips">
      <h2 className="studio-card-title">{t('studio.tipsTitle')}</h2>
      <ul>
        {TIPS.map((tip) => (
          <li key={tip}>{t(tip)}</li>
        ))}
      </ul>
    </Card>
  );
}
