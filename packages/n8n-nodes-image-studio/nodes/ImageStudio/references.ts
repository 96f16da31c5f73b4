// The edit's reference images. Addresses alone go to the automation API as `image_urls`; as soon as one comes from a
// binary property, every image is sent as a file to the OpenAI-compatible edit (`POST /v1/images/edits`, the same
// submission, prices and Idempotency-Key), because the automation API only takes addresses.
import type { IDataObject, IExecuteFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, randomString } from 'n8n-workflow';

export const MAX_REFERENCES = 5;

export type Reference = { source: 'url'; url: string } | { source: 'binary'; binaryPropertyName: string };

interface FilePart {
  bytes: Buffer;
  mimeType: string;
  fileName: string;
}

export function readReferences(ctx: IExecuteFunctions, itemIndex: number): Reference[] {
  const { image = [] } = ctx.getNodeParameter('references', itemIndex, {}) as { image?: IDataObject[] };
  const references = image.map(
    (entry): Reference =>
      entry.source === 'binary'
        ? { source: 'binary', binaryPropertyName: String(entry.binaryPropertyName ?? 'data') }
        : { source: 'url', url: String(entry.url ?? '').trim() },
  );
  if (references.length < 1 || references.length > MAX_REFERENCES) {
    throw new NodeOperationError(ctx.getNode(), `Give 1 to ${MAX_REFERENCES} reference images (got ${references.length})`, { itemIndex });
  }
  return references;
}

async function download(ctx: IExecuteFunctions, itemIndex: number, url: string): Promise<FilePart> {
  try {
    const answer = (await ctx.helpers.httpRequest({ method: 'GET', url, encoding: 'arraybuffer', returnFullResponse: true })) as {
      body: Buffer;
      headers: IDataObject;
    };
    const mimeType = String(answer.headers['content-type'] ?? 'application/octet-stream')
      .split(';')[0]!
      .trim();
    return { bytes: Buffer.from(answer.body), mimeType, fileName: url.split('/').pop() || 'image' };
  } catch (error) {
    throw new NodeApiError(ctx.getNode(), error as JsonObject, { message: `Could not download the reference image ${url}`, itemIndex });
  }
}

async function filePart(ctx: IExecuteFunctions, itemIndex: number, reference: Reference): Promise<FilePart> {
  if (reference.source === 'url') return await download(ctx, itemIndex, reference.url);
  const binary = ctx.helpers.assertBinaryData(itemIndex, reference.binaryPropertyName);
  const bytes = await ctx.helpers.getBinaryDataBuffer(itemIndex, reference.binaryPropertyName);
  return { bytes, mimeType: binary.mimeType, fileName: binary.fileName ?? 'image' };
}

/** `multipart/form-data` by hand: n8n-workflow offers no form helper and community nodes take no dependencies. */
function multipart(fields: Record<string, string>, files: FilePart[]): { body: Buffer; contentType: string } {
  const boundary = `----ImageStudio${randomString(24)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    const safeName = file.fileName.replace(/["\r\n]/g, '_');
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image[]"; filename="${safeName}"\r\nContent-Type: ${file.mimeType}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** OpenAI's size names for our aspect ratios (`/v1` maps them back to the same ratios). */
const SIZES: Record<string, string> = {
  auto: 'auto',
  '1:1': '1024x1024',
  '3:4': '672x896',
  '4:3': '896x672',
  '9:16': '576x1024',
  '16:9': '1024x576',
};

export async function editForm(
  ctx: IExecuteFunctions,
  itemIndex: number,
  references: Reference[],
  input: { prompt: string; imageSize: string; outputFormat: string; n: number },
): Promise<{ body: Buffer; contentType: string }> {
  const files: FilePart[] = [];
  for (const reference of references) files.push(await filePart(ctx, itemIndex, reference));
  const fields = {
    model: 'nano-banana',
    prompt: input.prompt,
    size: SIZES[input.imageSize] ?? 'auto',
    output_format: input.outputFormat,
    response_format: 'url',
    n: String(input.n),
  };
  return multipart(fields, files);
}
