import { type Problem, useInvalidate } from '@app/api-client';
import { useT } from '@app/i18n';
import { toast } from '@app/ui';

/**
 * For a submission's `onProblem`: a 402 never started anything, so it is not a failure but a way on ("Not enough
 * credits", Buy credits to /pricing), and the balance and prices shown are read again (one of them was out of date).
 */
export function useOutOfCredits(): (problem: Problem) => boolean {
  const t = useT();
  const invalidate = useInvalidate();
  return (problem) => {
    if (problem.code !== 'insufficient_credits') return false;
    void invalidate('/api/auth/current-user', '/api/pricing/current');
    toast({
      title: t('studio.notEnoughCredits'),
      description: t('studio.notEnoughCreditsBody'),
      variant: 'warning',
      action: { label: t('studio.buyCredits'), href: '/pricing' },
    });
    return true;
  };
}
