// Calls to the studio with the node's credential. Every answer is read here, so an error status becomes one
// NodeApiError carrying the API's own words: problem+json (`title`, `detail`) or, from the OpenAI-compatible edit,
// `{"error": {"message", "code"}}`.
import type { IDataObject, IExecuteFunctions, IHttpRequestMethods, JsonObject } from 'n8n-workflow';
import { jsonParse, NodeApiError } from 'n8n-workflow';

export const CREDENTIAL = 'imageStudioApi';

export interface ApiCall {
  method: IHttpRequestMethods;
  path: string;
  body?: IDataObject | Buffer;
  headers?: IDataObject;
}

export interface ApiAnswer {
  status: number;
  headers: IDataObject;
  body: IDataObject;
}

/** The studio's address from the credential, without a trailing slash. */
export async function baseUrl(ctx: IExecuteFunctions): Promise<string> {
  const credentials = await ctx.getCredentials(CREDENTIAL);
  return String(credentials.baseUrl ?? '').replace(/\/+$/, '');
}

function asObject(body: unknown): IDataObject {
  if (typeof body === 'string') {
    if (!body) return {};
    return jsonParse<IDataObject>(body, { fallbackValue: { message: body } });
  }
  if (body && typeof body === 'object' && !Buffer.isBuffer(body)) return body as IDataObject;
  return {};
}

/** The API's explanation: problem+json first, then OpenAI's error shape. */
function explain(status: number, body: IDataObject): { message: string; description: string } {
  const openai = (body.error && typeof body.error === 'object' ? body.error : {}) as IDataObject;
  const title = body.title ?? openai.code ?? `HTTP ${status}`;
  const detail = body.detail ?? body.message ?? openai.message ?? '';
  return { message: `${String(title)} (${status})`, description: String(detail) };
}

export async function apiRequest(ctx: IExecuteFunctions, itemIndex: number, call: ApiCall): Promise<ApiAnswer> {
  const response = (await ctx.helpers.httpRequestWithAuthentication.call(ctx, CREDENTIAL, {
    method: call.method,
    url: `${await baseUrl(ctx)}${call.path}`,
    headers: { Accept: 'application/json', ...call.headers },
    ...(call.body !== undefined && { body: call.body }),
    json: !Buffer.isBuffer(call.body),
    returnFullResponse: true,
    ignoreHttpStatusErrors: true,
  })) as { statusCode: number; headers: IDataObject; body: unknown };
  const body = asObject(response.body);
  if (response.statusCode >= 400) {
    const { message, description } = explain(response.statusCode, body);
    throw new NodeApiError(ctx.getNode(), body as JsonObject, {
      message,
      description,
      httpCode: String(response.statusCode),
      itemIndex,
    });
  }
  return { status: response.statusCode, headers: response.headers ?? {}, body };
}
