// Public links: one completed image or one board, shown read-only to anyone holding the link. Off until turned on;
// turning it off kills the link at once, and turning it on again makes a new one.
import { Timestamp, UrlText } from './common.ts';
import { z } from './zod.ts';

export const ShareBody = z
  .object({
    showPrompt: z.boolean().describe("Whether the public page shows the prompt (an image's, or each image's on a board)."),
  })
  .openapi('ShareBody');
export type ShareBody = z.infer<typeof ShareBody>;

export const Share = z
  .object({
    url: UrlText.describe('The public link: anyone holding it sees what is shared, and nothing else of yours.').openapi({
      example: 'https://studio.example/s/q7Vh3kB0mZ1xYc9sD2fLw4Ra',
    }),
    showPrompt: z.boolean().describe('Whether the public page shows the prompt.'),
    createdAt: Timestamp.describe('When this link was made (turning sharing on again makes a new one).'),
  })
  .openapi('Share', { description: 'A public link to one of your images or boards.' });
export type Share = z.infer<typeof Share>;

export const ShareState = z
  // A union, not `.nullable().describe()`: the latter emits `allOf` with the $ref, which rejects null.
  .object({ share: z.union([Share, z.null()]).describe('The public link; null while not shared.') })
  .openapi('ShareState');
export type ShareState = z.infer<typeof ShareState>;
