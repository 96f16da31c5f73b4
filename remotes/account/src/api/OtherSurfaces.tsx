import { useT } from '@app/i18n';
import { CodeBlock } from './CodeBlock.tsx';
import { MCP_TOOLS, mcpConfigExample, openaiCurlExample, openaiSdkExample } from './surfaceExamples.ts';

/** The same token, credits and history through OpenAI's images API (/v1) and the MCP server (/mcp). */
export function OtherSurfaces({ origin }: { origin: string }) {
  const t = useT();
  return (
    <>
      <article className="endpoint" data-testid="surface-openai">
        <h4 className="endpoint-title">{t('account.openaiTitle')}</h4>
        <p className="endpoint-description">{t('account.openaiBody', { origin })}</p>
        <CodeBlock code={`${origin}/v1`} testId="openai-base-url" />
        <CodeBlock code={openaiCurlExample(origin)} caption="curl" copyLabel={t('account.copyExample')} />
        <CodeBlock code={openaiSdkExample(origin)} caption="Node.js (openai)" copyLabel={t('account.copyExample')} />
      </article>
      <article className="endpoint" data-testid="surface-mcp">
        <h4 className="endpoint-title">{t('account.mcpTitle')}</h4>
        <p className="endpoint-description">{t('account.mcpBody', { origin, tools: MCP_TOOLS.join(', ') })}</p>
        <CodeBlock code={mcpConfigExample(origin)} caption="JSON" copyLabel={t('account.copyExample')} testId="mcp-config" />
      </article>
    </>
  );
}
