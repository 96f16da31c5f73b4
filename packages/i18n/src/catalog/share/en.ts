/** Public links of an image (Image Details) and of a board (its page): loaded when first needed. (English) */
export default {
  heading: 'Share',
  imageHint: 'Anyone with the link sees this image, and nothing else of yours.',
  boardHint: 'Anyone with the link sees the finished images on this board, and nothing else of yours.',
  create: 'Create public link',
  linkLabel: 'Public link',
  copy: 'Copy link',
  copied: 'Link copied',
  copyFailed: 'Could not copy. Select the link and copy it yourself.',
  showPrompt: 'Show the prompt',
  showPrompts: 'Show the prompts',
  stop: 'Stop sharing',
  created: 'Public link created',
  stopped: 'Sharing stopped: the link no longer works',
  failed: 'Sharing could not be changed',
  genericError: 'Something went wrong. Please try again.',
  loading: 'Loading the sharing settings',
};
