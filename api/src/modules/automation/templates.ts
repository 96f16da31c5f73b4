// The n8n workflow templates of `openapi/n8n/`, served with this server's address in their HTTP nodes.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { N8N_TEMPLATES, N8nWorkflow } from '@app/contract';
import { REPO_ROOT } from '../../config.ts';

export const TEMPLATES_DIR = join(REPO_ROOT, 'openapi/n8n');
/** The address the committed templates use; replaced by the serving origin. */
export const TEMPLATE_ORIGIN = 'https://studio.example.com';

/** Reads a template and points its requests at `origin` (PUBLIC_URL, else the request's origin). */
export async function loadN8nTemplate(file: (typeof N8N_TEMPLATES)[number], origin: string): Promise<N8nWorkflow> {
  const text = await readFile(join(TEMPLATES_DIR, file), 'utf8');
  return JSON.parse(text.replaceAll(TEMPLATE_ORIGIN, origin.replace(/\/+$/, ''))) as N8nWorkflow;
}
