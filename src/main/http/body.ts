import type { IncomingMessage } from 'node:http';

/**
 * The largest request body: a CSV import at the instance size limit with long names and addresses is a few
 * MiB; anything larger is refused before it is read, so a huge upload cannot fill the server's memory.
 */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;

export class BodyTooLarge extends Error {
  constructor() {
    super(`the request body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MiB`);
  }
}

/** Does the request announce a body over the limit? Then it is refused without reading a byte. */
export const announcesTooLarge = (req: IncomingMessage): boolean => Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES;

/** Reads the body as UTF-8, stopping at the limit (for bodies sent without a length). */
export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) return void chunks.push(chunk);
      req.off('data', onData);
      chunks.length = 0;
      reject(new BodyTooLarge());
    };
    req.on('data', onData);
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
