import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { MAX_UPLOAD_BYTES } from '../domain/file-kind.js';

/**
 * The most of a request body read and thrown away after an early answer: the largest upload
 * the API accepts plus its form (the document_type part, part headers, boundaries). A body
 * with more still to come is cut off there — it could not have been accepted anyway.
 */
export const LINGER_MAX_BYTES = MAX_UPLOAD_BYTES + 64 * 1024;
/** How long after an early answer the rest of the body may take before the connection is cut. */
export const LINGER_MAX_MS = 5_000;
/** How often the bytes read while lingering are counted (the body's bytes go to Node's parser). */
const LINGER_CHECK_MS = 50;

type ClosableSocket = Socket & { destroySoon(): void };

/**
 * Lingering close, as nginx does it, for an answer given before the request body was read to
 * its end (a refused key, scope, rate limit or quota; a refused form; an unknown route).
 *
 * Such an answer says `Connection: close`, and Node's http server then ends the connection the
 * moment the answer is written (resOnFinish in lib/_http_server.js calls socket.destroySoon()).
 * Closing a socket with the client's upload still arriving makes the kernel answer the unread
 * bytes with a TCP reset, and a client that is still sending — Node's fetch and undici write
 * the body while they read, Python and many others write all of it before they read — gets
 * EPIPE or ECONNRESET and never sees the answer already sent to it.
 *
 * So, once the answer is written, only the sending side is shut (the client sees the end of the
 * answer) and the rest of the body is read and discarded until it ends, the client closes, more
 * than `maxBytes` arrive or `maxMs` pass; then the connection is closed. A body read to its end
 * leaves nothing unread: the close is clean. Call before the answer is sent; does nothing when
 * the body is already complete.
 */
export function lingerAfterEarlyAnswer(
  req: IncomingMessage,
  bounds: { maxBytes: number; maxMs: number } = { maxBytes: LINGER_MAX_BYTES, maxMs: LINGER_MAX_MS },
): void {
  const socket = req.socket as ClosableSocket | null;
  if (req.complete || !socket || socket.destroyed || Object.hasOwn(socket, 'destroySoon')) return;
  // Node calls this once the answer is written; the prototype's own is used again at the end.
  socket.destroySoon = () => {
    delete (socket as Partial<ClosableSocket>).destroySoon;
    if (req.complete || req.destroyed) return socket.destroySoon();
    if (socket.writable) socket.end();
    linger(req, socket, bounds);
  };
}

function linger(req: IncomingMessage, socket: ClosableSocket, bounds: { maxBytes: number; maxMs: number }): void {
  const startBytes = socket.bytesRead;
  const close = (clean: boolean) => {
    clearInterval(check);
    clearTimeout(deadline);
    req.off('end', onEnd);
    socket.off('close', onClose);
    // Read to its end: nothing is left unread, so waiting for the answer to be flushed and then
    // closing is clean. Cut off at a bound: closed at once (the client may see a reset).
    if (clean) socket.destroySoon();
    else socket.destroy();
  };
  const onEnd = () => close(true);
  const onClose = () => close(false);
  const check = setInterval(() => {
    if (socket.bytesRead - startBytes > bounds.maxBytes) close(false);
  }, LINGER_CHECK_MS);
  const deadline = setTimeout(() => close(false), bounds.maxMs);
  check.unref();
  deadline.unref();
  req.once('end', onEnd);
  socket.once('close', onClose);
  // The body may be piped into a parser that gave up (the multipart form refused at a field);
  // from here on it flows into nothing. Node's parser keeps reading the socket while it flows.
  req.unpipe();
  req.resume();
}
