import type { FastifyRequest } from 'fastify';
import { ApiError } from './api-error.js';
import { echoed } from './echoed-text.js';

export interface UploadForm {
  fields: Map<string, string>;
  file: { fieldname: string; bytes: Buffer } | null;
}

/** The field both upload forms (analyze, the account area's "Try it") take the file in. */
export const FILE_FIELD = 'file';

/**
 * Which multipart parts the parser streams as files (the multipart plugin's isPartAFile): those
 * with a filename, as by default, and also the part named `file` without one — curl's
 * `-F 'file=<scan.pdf'` and some form libraries send the document so. As a text field it would
 * be refused as an unknown field, or cut at the 1 KB field limit; as a file it is read under the
 * 10 MiB file limit and judged by its bytes like any other upload.
 */
export function isFilePart(fieldName: string | undefined, contentType: string | undefined, fileName: string | undefined): boolean {
  return fileName !== undefined || contentType === 'application/octet-stream' || fieldName === FILE_FIELD;
}

/**
 * Reads an analyze form while it streams in. The size cap is enforced by the multipart parser
 * as bytes arrive (limits set where the plugin is registered), so no more than 10 MiB of a file
 * is ever held; a second file, an unknown field or a repeated field is refused by name.
 */
export async function readUploadForm(
  request: FastifyRequest,
  allowed: { fields: readonly string[]; file: string },
): Promise<UploadForm> {
  if (!request.isMultipart()) {
    throw new ApiError(
      'invalid_request',
      `Send multipart/form-data with the fields ${[...allowed.fields, allowed.file].join(' and ')}.`,
    );
  }
  const form: UploadForm = { fields: new Map(), file: null };
  const watchdog = watchForStall(request);
  try {
    await Promise.race([collectParts(request, allowed, form), watchdog.stalled]);
  } catch (err) {
    // Our own refusals and the multipart plugin's coded limits keep their messages (mapped in
    // http/errors.ts); anything else the parser throws ("Unexpected end of form", "Malformed
    // part header", a missing boundary) means a body that cannot be parsed: 400, not 500.
    if (err instanceof ApiError || (typeof (err as { code?: unknown }).code === 'string' && (err as { code: string }).code.startsWith('FST_'))) {
      throw err;
    }
    request.log.info({ err: { name: (err as Error).name, message: (err as Error).message } }, 'unreadable multipart body');
    throw new ApiError('invalid_request', 'The multipart/form-data body is malformed or incomplete.');
  } finally {
    watchdog.stop();
  }
  return form;
}

/**
 * How long the parser may sit on a body the server has received in full without getting any
 * further. A received body is parsed from memory in well under this; a parser that stops
 * (busboy skips a part whose decoded file name holds a line break, e.g. `filename*=UTF-8''
 * x%0D%0Ay.pdf`, and on a body of more than a few chunks never asks for the rest) would
 * otherwise hold the request — and its quota reservation — forever: Node's requestTimeout no
 * longer applies once the HTTP parser has the whole message.
 */
export const UPLOAD_STALL_MS = 2_000;

function watchForStall(request: FastifyRequest): { stalled: Promise<never>; stop(): void } {
  const raw = request.raw;
  let consumed = 0;
  let last = -1;
  let quietSince = Date.now();
  const onData = (chunk: Buffer) => (consumed += chunk.length);
  raw.on('data', onData);
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<never>((_, reject) => {
    timer = setInterval(() => {
      if (consumed !== last || !raw.complete) {
        last = consumed;
        quietSince = Date.now();
        return;
      }
      if (Date.now() - quietSince < UPLOAD_STALL_MS) return;
      clearInterval(timer);
      request.log.info({ consumed }, 'multipart parser stalled on a received body');
      // The rest of this body was never read: the connection cannot carry another request.
      raw.unpipe();
      raw.resume();
      reject(new ApiError('invalid_request', 'The multipart/form-data body could not be parsed to its end (a part header is malformed).'));
    }, 250);
  });
  stalled.catch(() => undefined);
  return {
    stalled,
    stop() {
      clearInterval(timer);
      raw.off('data', onData);
    },
  };
}

async function collectParts(
  request: FastifyRequest,
  allowed: { fields: readonly string[]; file: string },
  form: UploadForm,
): Promise<void> {
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== allowed.file) {
        part.file.resume();
        throw new ApiError('invalid_request', `Unexpected file in field '${echoed(part.fieldname)}'; send the file in the field ${allowed.file}.`, echoed(part.fieldname));
      }
      if (form.file) {
        part.file.resume();
        throw new ApiError('invalid_request', `Send exactly one file in the field ${allowed.file}.`, allowed.file);
      }
      form.file = { fieldname: part.fieldname, bytes: await part.toBuffer() };
      continue;
    }
    if (!allowed.fields.includes(part.fieldname)) {
      throw new ApiError('invalid_request', `Unknown field '${echoed(part.fieldname)}'.`, echoed(part.fieldname));
    }
    if (form.fields.has(part.fieldname)) {
      throw new ApiError('invalid_request', `Field '${part.fieldname}' is given more than once.`, part.fieldname);
    }
    form.fields.set(part.fieldname, typeof part.value === 'string' ? part.value : String(part.value));
  }
}
