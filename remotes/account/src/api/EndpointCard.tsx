import { LIMITS } from '@app/contract/constants';
import { useT } from '@app/i18n';
import { Badge } from '@app/ui';
import { type AutomationCall, curlExample } from './automationCalls.ts';
import { CodeBlock } from './CodeBlock.tsx';

const MB = 1024 * 1024;

/** One automation call: method and path, what it does, and a copy-ready curl example. */
export function EndpointCard({ call, origin }: { call: AutomationCall; origin: string }) {
  const t = useT();
  return (
    <article className="endpoint" data-testid={`endpoint-${call.id}`}>
      <header className="endpoint-head">
        <Badge variant={call.method === 'GET' ? 'info' : 'success'} className="endpoint-method">
          {call.method}
        </Badge>
        <code className="endpoint-path">{call.path}</code>
      </header>
      <h4 className="endpoint-title">{t(call.title)}</h4>
      <p className="endpoint-description">{t(call.description, { max: LIMITS.maxReferenceImages, size: LIMITS.maxImageBytes / MB })}</p>
      <CodeBlock
        code={curlExample(call, origin)}
        caption="curl"
        label={`${t(call.title)}: curl`}
        copyLabel={t('account.copyExample')}
        testId={`curl-${call.id}`}
      />
    </article>
  );
}
