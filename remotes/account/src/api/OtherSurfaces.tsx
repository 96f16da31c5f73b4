import { useT } from '@app/i18n';
import { CodeBlock } from './CodeBlock.tsx';
import { MCP_TOOLS, mcpConfigExample, N8N_NODE_INSTALL, openaiCurlExample, openaiSdkExample, sdkExample } from './surfaceExamples.ts';

/** The same token, credits and history through OpenAI's images API (/v1), the MCP server (/mcp), the n8n node and the SDK. */
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
      <article className="endpoint" data-testid="surface-n8n-node">
        <h4 className="endpoint-title">{t('account.n8nNodeTitle')}</h4>
        <p className="endpoint-description">{t('account.n8nNodeBody', { origin })}</p>
        <CodeBlock code={N8N_NODE_INSTALL} caption="shell" copyLabel={t('account.copyExample')} />
      </article>
      <article className="endpoint" data-testid="surface-sdk">
        <h4 className="endpoint-title">{t('account.sdkTitle')}</h4>
        <p className="endpoint-description">{t('account.sdkBody')}</p>
        <CodeBlock code={sdkExample(origin)} caption="TypeScript" copyLabel={t('account.copyExample')} testId="sdk-example" />
      </article>
    </>
  );
}
