// The MCP tools, each on the automation API's own path: submissions through `submitApiTask` (API prices, stored
// images, refunds), reads through the same presenters. Failures are tool results with `isError` and our problem's detail.
import {
  McpBalanceOutput,
  McpEditInput,
  McpGenerateInput,
  McpGetTaskInput,
  McpListTasksInput,
  McpNoInput,
  McpPricesOutput,
  McpTaskListOutput,
  McpTaskOutput,
  McpUpscaleInput,
  type z,
} from '@app/contract';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { notFound } from '../../errors.ts';
import type { AppContext } from '../../http/context.ts';
import { toHttpProblem } from '../../http/problem-handler.ts';
import type { TokenOwner } from '../../http/roles.ts';
import { type ApiTaskRequest, type ImageInput, presentAutomationStatus, submitApiTask } from '../automation/index.ts';
import { currentPricing } from '../billing/index.ts';
import { ImageTask } from '../studio/index.ts';
import { UserRepository } from '../users/index.ts';
import { type ToolExtra, taskResult, type WaitOptions } from './task-result.ts';

type McpImage = z.infer<typeof McpEditInput>['images'][number];

const imageInput = (image: McpImage, pointer: string): ImageInput =>
  'url' in image ? { pointer, url: image.url } : { pointer, bytes: Buffer.from(image.data, 'base64') };

/** A structured answer with the same JSON as text (clients that read only text see it too). */
const structured = (value: Record<string, unknown>): CallToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(value) }],
  structuredContent: value,
});

/** Our problems (402 with the balance and price, 429, 400 with pointers...) as error results the agent can read. */
function guarded<A>(ctx: AppContext, run: (args: A, extra: ToolExtra) => Promise<CallToolResult>) {
  return async (args: A, extra: ToolExtra): Promise<CallToolResult> => {
    try {
      return await run(args, extra);
    } catch (error) {
      const problem = toHttpProblem(error);
      if (problem.status >= 500) ctx.services.logger.error({ reqId: ctx.state.requestId, err: problem.cause ?? error }, 'mcp tool failed');
      const { message, code, errors } = problem.toProblem();
      const where = errors?.length ? ` (${errors.map((e) => `${e.pointer}: ${e.detail}`).join('; ')})` : '';
      return { isError: true, content: [{ type: 'text', text: `${code}: ${message}${where}` }] };
    }
  };
}

export function registerTools(server: McpServer, ctx: AppContext, caller: TokenOwner): void {
  /** A tool that submits the task `request` describes on the API's path, then waits for it like get_task. */
  const submitting = <A extends WaitOptions>(request: (args: A) => Omit<ApiTaskRequest, 'createdVia'>) =>
    guarded(ctx, async (args: A, extra) => {
      const { tasks } = await submitApiTask(ctx, caller, { ...request(args), createdVia: 'api' });
      return taskResult(
        ctx,
        caller,
        tasks.map((task) => task.taskId),
        args,
        extra,
      );
    });
  server.registerTool(
    'generate_image',
    {
      title: 'Generate an image',
      description:
        'Text to image at the API price. Waits for the image (up to wait_seconds) and returns it with a link; if it is not done by then, returns the task id for get_task. A failed task is refunded.',
      inputSchema: McpGenerateInput,
      outputSchema: McpTaskOutput,
    },
    submitting((args: z.infer<typeof McpGenerateInput>) => ({
      kind: 'text_to_image',
      prompt: args.prompt,
      images: [],
      imageSize: args.image_size,
      outputFormat: args.output_format,
      count: args.n,
    })),
  );

  server.registerTool(
    'edit_image',
    {
      title: 'Edit images',
      description: 'Edit from 1 to 5 reference images (public URLs or base64) at the API price; waits like generate_image.',
      inputSchema: McpEditInput,
      outputSchema: McpTaskOutput,
    },
    submitting((args: z.infer<typeof McpEditInput>) => ({
      kind: 'edit_image',
      prompt: args.prompt,
      images: args.images.map((image, index) => imageInput(image, `/images/${index}`)),
      imageSize: args.image_size,
      outputFormat: args.output_format,
      count: args.n,
    })),
  );

  server.registerTool(
    'upscale_image',
    {
      title: 'Upscale an image',
      description: 'Upscale one image (URL or base64) x2, x3 or x4; waits like generate_image.',
      inputSchema: McpUpscaleInput,
      outputSchema: McpTaskOutput,
    },
    submitting((args: z.infer<typeof McpUpscaleInput>) => ({
      kind: 'upscale',
      images: [imageInput(args.image, '/image')],
      scaleRatio: args.scale_ratio,
      faceEnhancement: args.face_enhancement,
    })),
  );

  server.registerTool(
    'get_task',
    {
      title: 'Get a task',
      description: 'Where a task stands; once completed, its image and a link.',
      inputSchema: McpGetTaskInput,
      outputSchema: McpTaskOutput,
      annotations: { readOnlyHint: true },
    },
    guarded(ctx, (args: z.infer<typeof McpGetTaskInput>, extra) =>
      taskResult(ctx, caller, args.task_id, { wait_seconds: 0, preview: args.preview }, extra),
    ),
  );

  server.registerTool(
    'list_recent_tasks',
    {
      title: 'Recent tasks',
      description: 'Your most recent tasks, newest first, from every surface (studio, API, MCP).',
      inputSchema: McpListTasksInput,
      outputSchema: McpTaskListOutput,
      annotations: { readOnlyHint: true },
    },
    guarded(ctx, async (args: z.infer<typeof McpListTasksInput>) => {
      const tasks = await ctx.state.em.find(ImageTask, { user: caller.id }, { orderBy: { createdAt: 'desc' }, limit: args.limit });
      return structured({ tasks: tasks.map(presentAutomationStatus) });
    }),
  );

  server.registerTool(
    'get_balance',
    {
      title: 'Balance',
      description: 'Who the token belongs to and the credits left.',
      inputSchema: McpNoInput,
      outputSchema: McpBalanceOutput,
      annotations: { readOnlyHint: true },
    },
    guarded(ctx, async () => {
      const user = await new UserRepository(ctx.state.em).findById(caller.id);
      if (!user) throw notFound('No such user.');
      return structured({ userId: user.id, username: user.username, credits: user.credits });
    }),
  );

  server.registerTool(
    'get_prices',
    {
      title: 'Prices',
      description: 'Credits each kind of task costs through the API.',
      inputSchema: McpNoInput,
      outputSchema: McpPricesOutput,
      annotations: { readOnlyHint: true },
    },
    guarded(ctx, async () => {
      // The process's kept copy of the settings, as the pricing page reads them.
      const pricing = currentPricing(await ctx.services.settings.read(() => ctx.state.em), ctx.services.config);
      return structured({
        text_to_image: pricing.nanoBananaApiPrice,
        edit_image: pricing.nanoBananaEditApiPrice,
        upscale: pricing.nanoBananaResizeCredits,
      });
    }),
  );
}
