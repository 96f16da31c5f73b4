// The page behind every problem's `type` URI: `/problems/<code>` says what the code means and what to do, and
// `/problems` lists them all. Answered as HTML for people and as JSON for clients that ask for it.
import { PROBLEM_KINDS, problemKindOfSlug, problemSlug } from '@app/contract';
import { notFound } from '../errors.ts';
import type { AppRouter } from './bind.ts';
import type { AppContext } from './context.ts';
import { escapeHtml, htmlPage } from './html-page.ts';

/** `code` spans become <code> elements; everything else is escaped. */
const prose = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

function answer(ctx: AppContext, json: unknown, html: string): void {
  // Public, the same for everyone, and changed only by a deploy.
  ctx.set('Cache-Control', 'public, max-age=3600');
  ctx.vary('Accept');
  if (ctx.accepts('html', 'json') === 'json') {
    ctx.body = json;
    return;
  }
  ctx.type = 'html';
  ctx.body = html;
}

/** Registers GET /problems and GET /problems/:slug. */
export function registerProblemPages(router: AppRouter): void {
  router.get('/problems', (ctx) => {
    const items = Object.entries(PROBLEM_KINDS).map(([code, kind]) => ({ code, type: `/problems/${problemSlug(code)}`, ...kind }));
    const list = items.map((item) => `<li><a href="${item.type}"><code>${item.code}</code></a>: ${escapeHtml(item.title)}</li>`).join('\n');
    answer(
      ctx,
      items,
      htmlPage(
        'API problems',
        `<h1>API problems</h1>
<p>Every error of the API is an <code>application/problem+json</code> answer whose <code>type</code> links to one of these pages and whose <code>code</code> is stable.</p>
<ul>${list}</ul>
<p><a href="/api/docs">API reference</a></p>`,
      ),
    );
  });

  router.get('/problems/:slug', (ctx) => {
    const kind = problemKindOfSlug(ctx.params.slug ?? '');
    if (!kind) throw notFound('No problem has this name. See /problems for the list.');
    answer(
      ctx,
      kind,
      htmlPage(
        `${kind.title} (${kind.code})`,
        `<p><a href="/problems">All problems</a></p>
<h1>${escapeHtml(kind.title)}</h1>
<p>Code <code>${kind.code}</code></p>
<h2>What it means</h2><p>${prose(kind.meaning)}</p>
<h2>What to do</h2><p>${prose(kind.action)}</p>
<p>The answer's <code>message</code> (the same as <code>detail</code>) says what went wrong in your request, and <code>instance</code> identifies it for support.</p>`,
      ),
    );
  });
}
