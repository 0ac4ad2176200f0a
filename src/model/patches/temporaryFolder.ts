// Every temporary file of the patch core lives in one fresh folder per operation (a copy of the
// index, the files a preview patches, the patch text), made with an unpredictable name and
// removed when the operation ends, whether it succeeded or failed.
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export async function withTemporaryFolder<T>(
  tempRoot: string | undefined,
  work: (folder: string) => Promise<T>,
): Promise<T> {
  const folder = await fs.mkdtemp(path.join(tempRoot ?? os.tmpdir(), 'bbs-patch-'));
  try {
    return await work(folder);
  } finally {
    await fs.rm(folder, { recursive: true, force: true, maxRetries: 3 });
  }
}
