// The bucket's object names, folder by folder (`Delimiter: '/'`): s3rver, the stand-in for S3, fails a whole
// listing when one object's metadata cannot be read, so a walk names the unreadable folders instead of failing.

import type { TestS3 } from '@app/api/testing/s3';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

export interface BucketListing {
  names: string[];
  /** Folders s3rver could not list, with its error. */
  unreadable: string[];
}

export async function listBucket(s3: TestS3): Promise<BucketListing> {
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const listing: BucketListing = { names: [], unreadable: [] };
  const folders = [''];
  try {
    for (let folder = folders.pop(); folder !== undefined; folder = folders.pop()) {
      let token: string | undefined;
      try {
        do {
          const page = await client.send(
            new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: folder, Delimiter: '/', ContinuationToken: token }),
          );
          for (const object of page.Contents ?? []) if (object.Key) listing.names.push(object.Key);
          for (const sub of page.CommonPrefixes ?? []) if (sub.Prefix) folders.push(sub.Prefix);
          token = page.NextContinuationToken;
        } while (token);
      } catch (error) {
        listing.unreadable.push(`${folder} (${error instanceof Error ? error.message : String(error)})`);
      }
    }
  } finally {
    client.destroy();
  }
  listing.names.sort();
  return listing;
}
