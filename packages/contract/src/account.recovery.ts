// Forgotten passwords and verified addresses: single-use links mailed to the account's (verified) email.
import { Password } from './account.ts';
import { Message } from './common.ts';
import { z } from './zod.ts';

/** A mailed link's token: 256 random bits in base64url. */
const LinkToken = z
  .string()
  .max(100)
  .describe('The `token` parameter of the mailed link.')
  .openapi({ example: 'pWq0Zb7n3xV5tQ2mK8sR1yJ4hD6fL9cA0eG3iU5oN7w' });

export const PasswordResetRequestBody = z
  .object({
    email: z
      .email('Invalid email address')
      .max(200)
      .describe('The verified email of the account.')
      .openapi({ example: 'alice@example.com' }),
  })
  .openapi('PasswordResetRequestBody');

export const PasswordResetBody = z
  .object({ token: LinkToken, newPassword: Password.describe('The new password, at least 6 characters.') })
  .openapi('PasswordResetBody');

export const EmailVerificationBody = z.object({ token: LinkToken }).openapi('EmailVerificationBody');

export const AcceptedMessage = z
  .object({ message: Message('If an account has this verified email, a link is on its way.') })
  .openapi('AcceptedMessage');
