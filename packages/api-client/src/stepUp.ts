// Answering `401 step_up_required` where it happens: a page registers how it asks the person to confirm it is them
// (a dialog); the client then holds the refused call, asks, and on a confirmation sends the very same call again, so
// the page sees the second answer as if nothing had happened. Without a registered prompt the 401 is answered as is.
import type { Middleware } from 'openapi-fetch';

/** Asks the person to confirm; resolves true once the session was checked (`POST /api/auth/step-up`), false when they gave up. */
export type StepUpPrompt = () => Promise<boolean>;

const prompts: StepUpPrompt[] = [];
const copies = new Map<string, () => Request>();
let asking: Promise<boolean> | undefined;

/** Makes `prompt` the one asked while it is registered (the latest registration wins); returns the undo. */
export function onStepUpRequired(prompt: StepUpPrompt): () => void {
  prompts.push(prompt);
  return () => {
    const at = prompts.lastIndexOf(prompt);
    if (at >= 0) prompts.splice(at, 1);
  };
}

async function isStepUpRequired(response: Response): Promise<boolean> {
  if (response.status !== 401 || !(response.headers.get('content-type') ?? '').includes('json')) return false;
  try {
    return ((await response.clone().json()) as { code?: string }).code === 'step_up_required';
  } catch {
    return false;
  }
}

/** The client's middleware (client.ts registers it). */
export const stepUpMiddleware: Middleware = {
  async onRequest({ request, id }) {
    if (!prompts.length) return undefined;
    // The body read once as text, so the call can be made again (and goes out as plain text, not a stream).
    const body = request.body ? await request.clone().text() : undefined;
    const again = () =>
      new Request(request.url, {
        method: request.method,
        headers: request.headers,
        body,
        credentials: request.credentials,
        redirect: request.redirect,
        signal: request.signal,
      });
    copies.set(id, again);
    return body === undefined ? undefined : again();
  },
  async onResponse({ response, id, options }) {
    const copy = copies.get(id);
    copies.delete(id);
    const prompt = prompts.at(-1);
    if (!copy || !prompt || !(await isStepUpRequired(response))) return undefined;
    // Calls refused together share one question.
    asking ??= prompt().finally(() => {
      asking = undefined;
    });
    if (!(await asking)) return undefined;
    return options.fetch(copy());
  },
};
