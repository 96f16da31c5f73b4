// What the node shows: one operation list and the fields of each, named after the automation API's own fields.
import type { INodeProperties } from 'n8n-workflow';

const submits = ['generate', 'edit', 'upscale'];
const show = (...operation: string[]) => ({ show: { operation } });

const aspectRatio: INodeProperties = {
  displayName: 'Aspect Ratio',
  name: 'imageSize',
  type: 'options',
  default: 'auto',
  options: [
    { name: 'Auto', value: 'auto' },
    { name: 'Landscape 4:3 (896x672)', value: '4:3' },
    { name: 'Portrait 3:4 (672x896)', value: '3:4' },
    { name: 'Square 1:1 (1024x1024)', value: '1:1' },
    { name: 'Tall 9:16 (576x1024)', value: '9:16' },
    { name: 'Wide 16:9 (1024x576)', value: '16:9' },
  ],
  displayOptions: show('generate', 'edit'),
};

const outputFormat: INodeProperties = {
  displayName: 'Output Format',
  name: 'outputFormat',
  type: 'options',
  default: 'png',
  options: [
    { name: 'PNG', value: 'png' },
    { name: 'JPEG', value: 'jpeg' },
  ],
  displayOptions: show('generate', 'edit'),
};

const references: INodeProperties = {
  displayName: 'Reference Images',
  name: 'references',
  type: 'fixedCollection',
  placeholder: 'Add Reference Image',
  typeOptions: { multipleValues: true },
  default: {},
  required: true,
  description:
    "One to five images to edit from. Images from binary properties are sent through the studio's OpenAI-compatible edit call, which answers once the image is ready (up to 120 s).",
  displayOptions: show('edit'),
  options: [
    {
      name: 'image',
      displayName: 'Image',
      values: [
        {
          displayName: 'Source',
          name: 'source',
          type: 'options',
          default: 'url',
          options: [
            { name: 'URL', value: 'url' },
            { name: 'Binary Property', value: 'binary' },
          ],
        },
        {
          displayName: 'Image URL',
          name: 'url',
          type: 'string',
          default: '',
          placeholder: 'https://images.example.com/cat.png',
          description: 'Public address of a PNG, JPEG or WebP image of at most 10 MB',
          displayOptions: { show: { source: ['url'] } },
        },
        {
          displayName: 'Input Binary Field',
          name: 'binaryPropertyName',
          type: 'string',
          default: 'data',
          description: 'Name of the binary property of the input item that holds the image',
          displayOptions: { show: { source: ['binary'] } },
        },
      ],
    },
  ],
};

const options: INodeProperties = {
  displayName: 'Options',
  name: 'options',
  type: 'collection',
  placeholder: 'Add Option',
  default: {},
  displayOptions: show(...submits, 'getTask'),
  options: [
    {
      displayName: 'Download Image',
      name: 'download',
      type: 'boolean',
      default: true,
      description: 'Whether to add a completed image to the output item as binary data',
    },
    {
      displayName: 'Idempotency Key',
      name: 'idempotencyKey',
      type: 'string',
      default: '',
      description:
        'Sent as Idempotency-Key: the same key and request within 24 h replays the first answer and charges nothing again. Empty: one key per execution, node, run and item, so a retry of this node charges once.',
      displayOptions: { show: { '/operation': submits } },
    },
    {
      displayName: 'Poll Interval (Seconds)',
      name: 'pollInterval',
      type: 'number',
      typeOptions: { minValue: 1, maxValue: 60 },
      default: 2,
      description:
        'Wait before the second status check while waiting (the first is at once); each further wait is 1.5 times longer, up to 10 s (or this interval, if longer)',
      displayOptions: { show: { '/operation': submits } },
    },
    {
      displayName: 'Put Output File in Field',
      name: 'binaryPropertyName',
      type: 'string',
      default: 'data',
      description: 'Name of the binary property the image is written to',
    },
    {
      displayName: 'Timeout (Seconds)',
      name: 'timeout',
      type: 'number',
      typeOptions: { minValue: 1, maxValue: 3600 },
      default: 300,
      description: 'How long to wait for the task; after that the node outputs the task ID with status processing',
      displayOptions: { show: { '/operation': submits } },
    },
  ],
};

export const properties: INodeProperties[] = [
  {
    displayName: 'Operation',
    name: 'operation',
    type: 'options',
    noDataExpression: true,
    default: 'generate',
    options: [
      {
        name: 'Edit Image',
        value: 'edit',
        action: 'Edit an image',
        description: 'Make an image from a prompt and 1 to 5 reference images',
      },
      { name: 'Generate Image', value: 'generate', action: 'Generate an image', description: 'Make an image from a prompt' },
      {
        name: 'Get Balance',
        value: 'getBalance',
        action: 'Get the credit balance',
        description: 'Credits left on the account of the token',
      },
      { name: 'Get Task', value: 'getTask', action: 'Get a task', description: 'Where a task stands, with its image URL once completed' },
      { name: 'Upscale Image', value: 'upscale', action: 'Upscale an image', description: 'Enlarge an image x2, x3 or x4' },
    ],
  },
  {
    displayName: 'Prompt',
    name: 'prompt',
    type: 'string',
    typeOptions: { rows: 4 },
    default: '',
    required: true,
    description: 'What to create, or how to edit the reference images',
    displayOptions: show('generate', 'edit'),
  },
  references,
  {
    displayName: 'Number of Images',
    name: 'imageCount',
    type: 'number',
    typeOptions: { minValue: 1, maxValue: 4, numberPrecision: 0 },
    default: 1,
    description:
      'How many images to make from the prompt, 1 to 4, each charged. With more than one the node outputs one item per image, each with the shared batch ID.',
    displayOptions: show('generate', 'edit'),
  },
  aspectRatio,
  outputFormat,
  {
    displayName: 'Image URL',
    name: 'imageUrl',
    type: 'string',
    default: '',
    required: true,
    placeholder: 'https://images.example.com/cat.png',
    description: 'Public address of the PNG, JPEG or WebP image (at most 10 MB) to upscale',
    displayOptions: show('upscale'),
  },
  {
    displayName: 'Scale',
    name: 'scaleRatio',
    type: 'options',
    default: 2,
    options: [
      { name: 'X2', value: 2 },
      { name: 'X3', value: 3 },
      { name: 'X4', value: 4 },
    ],
    displayOptions: show('upscale'),
  },
  {
    displayName: 'Face Enhancement',
    name: 'faceEnhancement',
    type: 'boolean',
    default: false,
    description: 'Whether to enhance faces while upscaling',
    displayOptions: show('upscale'),
  },
  {
    displayName: 'Task ID',
    name: 'taskId',
    type: 'string',
    default: '',
    required: true,
    placeholder: 'tsk_5f1c2a7e9b',
    displayOptions: show('getTask'),
  },
  {
    displayName: 'Wait for Completion',
    name: 'waitForCompletion',
    type: 'boolean',
    default: true,
    description: 'Whether to wait until the image is ready (or failed); otherwise the node outputs the queued task at once',
    displayOptions: show(...submits),
  },
  options,
];
