import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeApiError, NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';
import { apiRequest } from './api';
import { properties } from './description';
import { submit } from './submit';
import { assertNotFailed, getTask, type OutputOptions, toItem, waitForTask } from './tasks';

export class ImageStudio implements INodeType {
  description: INodeTypeDescription = {
    displayName: 'Image Studio',
    name: 'imageStudio',
    icon: { light: 'file:../../icons/imageStudio.svg', dark: 'file:../../icons/imageStudio.dark.svg' },
    group: ['transform'],
    version: 1,
    subtitle: '={{$parameter["operation"]}}',
    description: 'Generate, edit and upscale images with Nano Banana Image Studio',
    defaults: { name: 'Image Studio' },
    inputs: [NodeConnectionTypes.Main],
    outputs: [NodeConnectionTypes.Main],
    usableAsTool: true,
    credentials: [{ name: 'imageStudioApi', required: true }],
    properties,
  };

  async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
    const items = this.getInputData();
    const output: INodeExecutionData[] = [];
    for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
      try {
        output.push(...(await runItem(this, itemIndex)));
      } catch (error) {
        if (!this.continueOnFail()) {
          // API and task errors are node errors already; anything else is wrapped so n8n shows the item.
          throw error instanceof NodeApiError || error instanceof NodeOperationError
            ? error
            : new NodeOperationError(this.getNode(), error as Error, { itemIndex });
        }
        output.push({ json: { error: (error as Error).message }, pairedItem: { item: itemIndex } });
      }
    }
    return [output];
  }
}

async function runItem(ctx: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
  const operation = ctx.getNodeParameter('operation', itemIndex) as string;
  if (operation === 'getBalance') {
    const answer = await apiRequest(ctx, itemIndex, { method: 'GET', path: '/api/n8n/balance' });
    return [{ json: answer.body, pairedItem: { item: itemIndex } }];
  }
  const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
  const output: OutputOptions = {
    download: options.download !== false,
    binaryPropertyName: String(options.binaryPropertyName || 'data'),
  };
  if (operation === 'getTask') {
    const task = await getTask(ctx, itemIndex, String(ctx.getNodeParameter('taskId', itemIndex)).trim());
    return [await toItem(ctx, itemIndex, task, output)];
  }
  const timeout = Number(options.timeout ?? 300);
  const submitted = await submit(ctx, itemIndex, operation, timeout);
  const wait = ctx.getNodeParameter('waitForCompletion', itemIndex, true) as boolean;
  // One item per image (`n` > 1 gives several); each of them waited for within the same timeout.
  const deadline = Date.now() + timeout * 1000;
  const items: INodeExecutionData[] = [];
  for (const { task, ended } of submitted) {
    if (!wait) {
      items.push(await toItem(ctx, itemIndex, { status: 'processing', ...task, ...ended }, output));
      continue;
    }
    const left = Math.max(0, (deadline - Date.now()) / 1000);
    const status =
      ended && ended.status !== 'processing'
        ? ended
        : await waitForTask(ctx, itemIndex, String(task.taskId), left, Number(options.pollInterval ?? 2));
    assertNotFailed(ctx, itemIndex, status);
    items.push(await toItem(ctx, itemIndex, { ...task, ...status }, output));
  }
  return items;
}
