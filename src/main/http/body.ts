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

/** JSON's one encoding on the wire (RFC 8259), as a charset parameter may name it. */
const UTF8 = new Set(['utf-8', 'utf8']);

/**
 * Why a call's body cannot be read as the API's JSON, by its Content-Type; null when it can. A body is declared
 * application/json (a form's or text/plain body is not the API's, and may come from a page elsewhere that could not
 * send JSON), in UTF-8: a body declared in another charset would be decoded wrongly, its names garbled. A call
 * without a body (instances:list) needs no type.
 */
export function contentTypeRefusal(req: IncomingMessage): string | null {
  const declared = req.headers['content-type'];
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (declared === undefined) return hasBody ? 'the request body has no Content-Type: send it as application/json' : null;
  const [type, ...parameters] = declared.split(';').map((part) => part.trim());
  if (type.toLowerCase() !== 'application/json')
    return `the request body is ${type || 'of no type'}, not JSON: send it as application/json`;
  for (const parameter of parameters) {
    const [name, value = ''] = parameter.split('=').map((part) => part.trim());
    const charset = value.replace(/^"(.*)"$/, '$1');
    if (name.toLowerCase() === 'charset' && !UTF8.has(charset.toLowerCase())) {
      return `the request body is declared in ${charset || 'no'} charset, and the API reads JSON in UTF-8 only: send it encoded as UTF-8 (Content-Type: application/json; charset=utf-8)`;
    }
  }
  return null;
}

/**
 * A body whose bytes are not UTF-8 (Latin-1 or Windows-1252 sent as JSON): decoding it leniently would store every
 * accented name with U+FFFD in it, so it is refused whole.
 */
export class BodyNotUtf8 extends Error {
  constructor() {
    super(
      'the request body is not valid UTF-8 (it looks like another encoding, such as Latin-1): send the JSON encoded as UTF-8 (Content-Type: application/json; charset=utf-8)',
    );
  }
}

/** Strict: a byte sequence that is not UTF-8 throws instead of becoming U+FFFD. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Reads the body as UTF-8, stopping at the limit (for bodies sent without a length); rejects with BodyNotUtf8 on bad bytes. */
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
    req.on('end', () => {
      try {
        resolve(strictUtf8.decode(Buffer.concat(chunks)));
      } catch {
        reject(new BodyNotUtf8());
      }
    });
    req.on('error', reject);
  });
}
