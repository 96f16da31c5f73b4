// The public side of a share, outside the contract like other pages for people: `GET /s/<token>` renders what is
// shared (one image, or a board's completed images) with Open Graph and Twitter card tags, and its images are served
// through the token only. Nothing on the page leads anywhere else: no task, user or board ids, no storage keys, no
// /api or /files URLs. An unknown and a revoked token get the same 404 page. Nothing is cached (`no-store`), so a
// revoked link is dead at once.
import { createHash } from 'node:crypto';
import { notFound } from '../../../errors.ts';
import type { AppRouter } from '../../../http/bind.ts';
import type { CallerBudget } from '../../../http/caller-budget.ts';
import type { AppContext } from '../../../http/context.ts';
import { escapeHtml, htmlPage } from '../../../http/html-page.ts';
import { thumbnailKeyFor } from '../../../images/thumbnail.ts';
import { type PageWords, pageWords } from './page-words.ts';
import { shareUrl } from './routes.ts';
import { type SharedImage, ShareRepository } from './share.repository.ts';

const PAGE_STYLE = `
main.share{max-width:64rem;margin:1rem auto;padding:1rem}
.share h1{font-size:1.4rem;margin:.25rem 0 1rem}
.share-image{display:block;max-width:100%;max-height:85vh;width:auto;height:auto;margin:0 auto;border-radius:8px}
.share-grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(10rem,1fr));gap:.75rem;list-style:none;padding:0;margin:0}
.share-grid a{display:block;border-radius:8px}
.share-grid a:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
.share-grid img{display:block;width:100%;aspect-ratio:1;object-fit:cover;border-radius:8px;background:#eef1f7}
.share-grid p{font-size:.85rem;margin:.35rem 0 0;overflow-wrap:anywhere}
.share-prompt{white-space:pre-wrap;overflow-wrap:anywhere}
.share footer{margin-top:1.5rem;color:#5b6478;font-size:.9rem}
@media (max-width:30rem){main.share{margin:0;border-radius:0;padding:.75rem}}`;

/** Kept out of every cache: a revoked link must stop working at once. */
const NO_STORE = 'no-store';

/** A board image's id on its page: a hash of the token and the row, so it means nothing without the link. */
const itemId = (token: string, image: SharedImage) =>
  createHash('sha256').update(`${token}:${image.rowId}`).digest('base64url').slice(0, 22);

const meta = (attribute: 'property' | 'name', key: string, value: string) =>
  `\n<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;

interface Preview {
  title: string;
  description: string;
  url: string;
  image?: string;
  imageAlt: string;
}

/** The link preview's tags (Open Graph, Twitter card), every URL absolute; and no indexing by search engines. */
function previewTags(words: PageWords, preview: Preview): string {
  return [
    meta('name', 'robots', 'noindex, nofollow'),
    meta('name', 'description', preview.description),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', words.site),
    meta('property', 'og:title', preview.title),
    meta('property', 'og:description', preview.description),
    meta('property', 'og:url', preview.url),
    ...(preview.image ? [meta('property', 'og:image', preview.image), meta('property', 'og:image:alt', preview.imageAlt)] : []),
    meta('name', 'twitter:card', preview.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', preview.title),
    meta('name', 'twitter:description', preview.description),
    ...(preview.image ? [meta('name', 'twitter:image', preview.image), meta('name', 'twitter:image:alt', preview.imageAlt)] : []),
  ].join('');
}

const footer = (words: PageWords) => `<footer>${escapeHtml(words.madeWith)} <a href="/">${escapeHtml(words.site)}</a></footer>`;

/** One line of a prompt for a title or a description. */
const shortened = (text: string, max: number) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

function answerPage(ctx: AppContext, status: number, html: string): void {
  ctx.set('Cache-Control', NO_STORE);
  ctx.set('X-Robots-Tag', 'noindex, nofollow');
  ctx.status = status;
  ctx.type = 'html';
  ctx.body = html;
}

function notFoundPage(ctx: AppContext): void {
  const { lang, words } = pageWords(ctx);
  answerPage(
    ctx,
    404,
    htmlPage(words.notFoundTitle, `<h1>${escapeHtml(words.notFoundTitle)}</h1><p>${escapeHtml(words.notFound)}</p>${footer(words)}`, {
      lang,
      head: meta('name', 'robots', 'noindex, nofollow'),
    }),
  );
}

function imagePage(ctx: AppContext, token: string, image: SharedImage): string {
  const { lang, words } = pageWords(ctx);
  const page = shareUrl(ctx, token);
  const title = image.prompt ? shortened(image.prompt, 70) : words.imageTitle;
  const description = image.prompt ? shortened(image.prompt, 200) : words.imageDescription;
  const alt = image.prompt ? shortened(image.prompt, 200) : words.imageAlt;
  const prompt = image.prompt ? `<h2>${escapeHtml(words.prompt)}</h2><p class="share-prompt">${escapeHtml(image.prompt)}</p>` : '';
  const body = `<h1>${escapeHtml(title)}</h1>
<img class="share-image" src="/s/${token}/image" alt="${escapeHtml(alt)}">
${prompt}${footer(words)}`;
  return htmlPage(title, body, {
    lang,
    head: previewTags(words, { title, description, url: page, image: `${page}/image`, imageAlt: alt }),
    style: PAGE_STYLE,
  }).replace('<main>', '<main class="share">');
}

function boardPage(ctx: AppContext, token: string, board: { name: string; images: SharedImage[] }): string {
  const { lang, words } = pageWords(ctx);
  const page = shareUrl(ctx, token);
  const description = words.boardDescription(board.images.length);
  const items = board.images.map((image, index) => {
    const href = `/s/${token}/images/${itemId(token, image)}`;
    const alt = image.prompt ? shortened(image.prompt, 200) : words.openImage(index + 1);
    const caption = image.prompt ? `<p>${escapeHtml(shortened(image.prompt, 140))}</p>` : '';
    return `<li><a href="${href}" aria-label="${escapeHtml(words.openImage(index + 1))}"><img src="${href}/thumb" alt="${escapeHtml(alt)}" loading="lazy"></a>${caption}</li>`;
  });
  const first = board.images[0];
  const body = `<h1>${escapeHtml(board.name)}</h1>
<p>${escapeHtml(description)}</p>
${items.length ? `<ul class="share-grid">${items.join('\n')}</ul>` : `<p>${escapeHtml(words.boardEmpty)}</p>`}
${footer(words)}`;
  return htmlPage(board.name, body, {
    lang,
    head: previewTags(words, {
      title: board.name,
      description,
      url: page,
      ...(first && { image: `${page}/images/${itemId(token, first)}` }),
      imageAlt: board.name,
    }),
    style: PAGE_STYLE,
  }).replace('<main>', '<main class="share">');
}

/** Streams a stored image by its public URL, or 404; never cached, never run as a document. */
async function sendImage(ctx: AppContext, url: string, thumbnail = false): Promise<void> {
  const storage = ctx.services.studio.storage;
  const key = storage.keyFromPublicUrl(url);
  const file = key ? (thumbnail && (await storage.get(thumbnailKeyFor(key)))) || (await storage.get(key)) : null;
  if (!file?.contentType.startsWith('image/')) throw notFound();
  ctx.set({
    'Cache-Control': NO_STORE,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Cross-Origin-Resource-Policy': 'cross-origin',
    'X-Robots-Tag': 'noindex',
  });
  ctx.status = 200;
  ctx.type = file.contentType;
  ctx.length = file.size;
  ctx.body = file.stream;
}

/** The board image an item id names, or null. */
async function boardImage(ctx: AppContext, token: string, item: string): Promise<SharedImage | null> {
  const shares = new ShareRepository(ctx.state.em);
  const thing = await shares.byToken(token);
  if (thing?.kind !== 'board') return null;
  const board = await shares.board(thing);
  return board?.images.find((image) => itemId(token, image) === item) ?? null;
}

/** Registers the public share page and its images; each request counts against the caller's budget (by address). */
export function registerSharePages(router: AppRouter, budget?: CallerBudget): void {
  const counted = async (ctx: AppContext) => {
    if (budget) await budget(ctx, { role: 'anonymous' });
  };

  router.get('/s/:token', async (ctx) => {
    await counted(ctx);
    const token = ctx.params.token ?? '';
    const shares = new ShareRepository(ctx.state.em);
    const thing = await shares.byToken(token);
    if (thing?.kind === 'image') {
      const image = await shares.image(thing);
      if (image) return answerPage(ctx, 200, imagePage(ctx, token, image));
    } else if (thing?.kind === 'board') {
      const board = await shares.board(thing);
      if (board) return answerPage(ctx, 200, boardPage(ctx, token, board));
    }
    notFoundPage(ctx);
  });

  router.get('/s/:token/image', async (ctx) => {
    await counted(ctx);
    const shares = new ShareRepository(ctx.state.em);
    const thing = await shares.byToken(ctx.params.token ?? '');
    const image = thing?.kind === 'image' ? await shares.image(thing) : null;
    if (!image) throw notFound();
    await sendImage(ctx, image.resultUrl);
  });

  router.get('/s/:token/images/:item', async (ctx) => {
    await counted(ctx);
    const image = await boardImage(ctx, ctx.params.token ?? '', ctx.params.item ?? '');
    if (!image) throw notFound();
    await sendImage(ctx, image.resultUrl);
  });

  router.get('/s/:token/images/:item/thumb', async (ctx) => {
    await counted(ctx);
    const image = await boardImage(ctx, ctx.params.token ?? '', ctx.params.item ?? '');
    if (!image) throw notFound();
    await sendImage(ctx, image.resultUrl, true);
  });
}
