const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

/** The extension for an image MIME type (png when unknown). */
export function extensionFor(type: string): string {
  return EXTENSIONS[type.split(';')[0]?.trim() ?? ''] ?? 'png';
}

/** The name a downloaded result gets: the task id keeps several downloads apart. */
export function downloadName(taskId: string, type: string): string {
  return `nano-banana-${taskId}.${extensionFor(type)}`;
}

/** The last path segment of an image address, for showing a preloaded image's name. */
export function fileNameFromUrl(url: string, type: string): string {
  try {
    const last = new URL(url, 'http://localhost').pathname.split('/').filter(Boolean).pop();
    if (last) return decodeURIComponent(last);
  } catch {
    // Not a URL we can read a name from; fall through to a generic one.
  }
  return `image.${extensionFor(type)}`;
}

/** Shows at most `max` characters of a file name, keeping the start (spec: 15 in the upscale chooser). */
export function shortFileName(name: string, max = 15): string {
  return name.length > max ? `${name.slice(0, max)}...` : name;
}
