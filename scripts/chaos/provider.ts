// The image provider: the KIE fake (KIE's wire format: createTask, recordInfo, signed callbacks), registered as the
// cluster's one KIE account. Its result files go where KIE's file host would be reachable from the app: the fake
// writes them into the bucket directly (not through the gate) and answers their public address, since the app
// fetches nothing from private addresses.

import { type FakeKieServer, startFakeKieServer } from '@app/api/testing/kie';
import type { TestS3 } from '@app/api/testing/s3';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

/** The KIE account's token at the fake. */
export const PROVIDER_TOKEN = 'chaos-kie-token';

export interface ChaosProvider {
  kie: FakeKieServer;
  close(): Promise<void>;
}

export async function startChaosProvider(s3: TestS3, publicUrl: () => string, callbackKey: string): Promise<ChaosProvider> {
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const kie = await startFakeKieServer({
    accounts: { [PROVIDER_TOKEN]: { taskDurationMs: 1500, credits: 1_000_000_000 } },
    hmacKey: callbackKey,
    publishResult: async (taskId, bytes, extension) => {
      const key = `provider/${taskId}.${extension}`;
      await client.send(
        new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: bytes, ContentType: extension === 'jpg' ? 'image/jpeg' : 'image/png' }),
      );
      return `${publicUrl()}/files/${key}`;
    },
  });
  return {
    kie,
    async close() {
      await kie.close();
      client.destroy();
    },
  };
}
