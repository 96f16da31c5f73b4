// The bucket's object names, read from s3rver's folder rather than through its listing: s3rver (the stand-in for
// S3) fails a whole listing when one object's metadata file cannot be read (a write cut short by the outage, or two
// writes of one key at once, which S3 itself keeps atomic), so the walk names such objects instead.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestS3 } from '@app/api/testing/s3';

const OBJECT_SUFFIX = '._S3rver_object';

export interface BucketListing {
  names: string[];
  /** Objects whose metadata s3rver could not read back. */
  unreadable: string[];
}

export async function listBucket(s3: TestS3): Promise<BucketListing> {
  const root = join(s3.directory, s3.bucket);
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const listing: BucketListing = { names: [], unreadable: [] };
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith(OBJECT_SUFFIX)) continue;
    const path = join(entry.parentPath, entry.name);
    const key = path.slice(root.length + 1, -OBJECT_SUFFIX.length);
    listing.names.push(key);
    const metadata = path.replace(/\._S3rver_object$/, '._S3rver_metadata.json');
    try {
      JSON.parse(await readFile(metadata, 'utf8'));
    } catch (error) {
      // No metadata file at all is fine for s3rver (it lists the object without).
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      listing.unreadable.push(`${key} (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  listing.names.sort();
  return listing;
}
