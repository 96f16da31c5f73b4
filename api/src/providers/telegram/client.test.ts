import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeTelegram, startFakeTelegram } from '../../../test/fakes/telegram-server.ts';
import { sendTelegramMessage, TelegramApiError } from './client.ts';
import { escapeHtml } from './messages.ts';

let tg: FakeTelegram;
beforeAll(async () => {
  tg = await startFakeTelegram();
});
afterAll(() => tg.close());

const base = () => ({ botToken: tg.botToken, chatId: tg.chatId, baseUrl: tg.url });

describe('sendTelegramMessage', () => {
  it('posts JSON to /bot<token>/sendMessage with HTML parse mode and link previews disabled', async () => {
    const result = await sendTelegramMessage({ ...base(), text: '<b>Hello</b> world' });
    expect(result.ok).toBe(true);
    expect(result.messageId).toBe(tg.messages.at(-1)?.messageId);
    const call = tg.calls.at(-1);
    expect(call?.token).toBe(tg.botToken);
    expect(call?.body).toEqual({
      chat_id: tg.chatId,
      text: '<b>Hello</b> world',
      parse_mode: 'HTML',
      link_preview_options: { is_disabled: true },
    });
    expect(tg.messages.at(-1)?.plainText).toBe('Hello world');
  });

  it('delivers escaped user text verbatim, while the raw text is rejected as HTML', async () => {
    const userText = '<script>alert("x")</script> & co';
    await sendTelegramMessage({ ...base(), text: `Name: ${escapeHtml(userText)}` });
    expect(tg.messages.at(-1)?.plainText).toBe(`Name: ${userText}`);

    const err = await sendTelegramMessage({ ...base(), text: `Name: ${userText}` }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TelegramApiError);
    expect(err).toMatchObject({ status: 400, errorCode: 400 });
    expect((err as TelegramApiError).description).toMatch(/can't parse entities/);
  });

  it('maps 401 for a bad token without leaking the token', async () => {
    const err = await sendTelegramMessage({ ...base(), botToken: '999:secret-token-value', text: 'hi' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 401, errorCode: 401, description: 'Unauthorized' });
    expect(String((err as Error).message)).not.toContain('secret-token-value');
  });

  it('maps 400 chat not found', async () => {
    await expect(sendTelegramMessage({ ...base(), chatId: '42', text: 'hi' })).rejects.toMatchObject({
      errorCode: 400,
      description: 'Bad Request: chat not found',
    });
  });

  it('maps 429 with retry_after', async () => {
    tg.failNext({ status: 429, retryAfter: 7 });
    await expect(sendTelegramMessage({ ...base(), text: 'hi' })).rejects.toMatchObject({ status: 429, errorCode: 429, retryAfter: 7 });
  });

  it('maps 403 (bot blocked)', async () => {
    tg.failNext({ status: 403 });
    await expect(sendTelegramMessage({ ...base(), text: 'hi' })).rejects.toMatchObject({
      errorCode: 403,
      description: expect.stringMatching(/blocked/),
    });
  });

  it('reports a network failure with error code 0 and without the token', async () => {
    const dead = await startFakeTelegram();
    await dead.close();
    const err = await sendTelegramMessage({ botToken: 'abc:topsecret', chatId: '1', text: 'x', baseUrl: dead.url }).catch(
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ status: 0, errorCode: 0 });
    expect(String((err as Error).message)).not.toContain('topsecret');
  });

  it('refuses an empty bot token without calling out', async () => {
    const count = tg.calls.length;
    await expect(sendTelegramMessage({ ...base(), botToken: '', text: 'x' })).rejects.toBeInstanceOf(TelegramApiError);
    expect(tg.calls.length).toBe(count);
  });
});
