import { describe, expect, it } from 'vitest';
import { downloadName, extensionFor, fileNameFromUrl, shortFileName } from './fileNames.ts';

describe('file names', () => {
  it('maps image types to extensions', () => {
    expect(extensionFor('image/jpeg')).toBe('jpg');
    expect(extensionFor('image/webp')).toBe('webp');
    expect(extensionFor('image/png; charset=binary')).toBe('png');
    expect(extensionFor('application/octet-stream')).toBe('png');
  });

  it('names downloads after the task', () => {
    expect(downloadName('tsk_abc', 'image/jpeg')).toBe('nano-banana-tsk_abc.jpg');
  });

  it('reads a name from an address, relative or absolute', () => {
    expect(fileNameFromUrl('https://cdn.example.com/files/results/tsk_1/0.png?x=1', 'image/png')).toBe('0.png');
    expect(fileNameFromUrl('/files/uploads/my%20photo.jpg', 'image/jpeg')).toBe('my photo.jpg');
    expect(fileNameFromUrl('https://cdn.example.com/', 'image/webp')).toBe('image.webp');
  });

  it('shortens names longer than 15 characters', () => {
    expect(shortFileName('holiday.png')).toBe('holiday.png');
    expect(shortFileName('a-very-long-file-name.png')).toBe('a-very-long-fil...');
    expect(shortFileName('exactly15chars!')).toBe('exactly15chars!');
  });
});
