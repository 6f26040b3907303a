import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CATALOGUE, type ErrorCode } from '../domain/error-codes.js';
import { newId } from '../domain/random-id.js';
import { errorBody } from './api-error.js';

/**
 * Errors the framework answers before any route or hook runs, in the API's error body
 * (SPEC §2) instead of Fastify's default one.
 *
 * `clientError` comes from Node's HTTP parser: there is no request object yet, so the answer is
 * written to the socket directly, with a fresh request id, and the connection is closed (the
 * parser cannot continue on it). Nothing of the request is logged beyond the parser's code.
 */
const CLIENT_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  HPE_HEADER_OVERFLOW: { code: 'request_headers_too_large', message: 'The request headers are larger than the server accepts (16 KB).' },
  ERR_HTTP_REQUEST_TIMEOUT: { code: 'request_timeout', message: 'The request was not received in time; nothing was billed.' },
  ERR_HTTP_HEADERS_TIMEOUT: { code: 'request_timeout', message: 'The request headers were not received in time.' },
};
const UNPARSEABLE = { code: 'invalid_request' as const, message: 'The request is not valid HTTP/1.1.' };

export function clientErrorHandler(this: { log: { debug: (o: object, m: string) => void } }, err: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody to answer (Node's documented case for clientError).
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { code, message } = (err.code ? CLIENT_ERRORS[err.code] : undefined) ?? UNPARSEABLE;
  const status = ERROR_CATALOGUE[code].status;
  const requestId = newId('req');
  this.log.debug({ err: { code: err.code }, request_id: requestId, status }, 'client error before routing');
  if (socket.writable) {
    const body = JSON.stringify(errorBody(code, message, requestId));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Request-Id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** Fastify's routing-time errors (a URL that cannot be decoded, a path parameter too long). */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const message = error.code === 'FST_ERR_BAD_URL' ? 'The URL cannot be decoded.' : error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A path segment is too long.' : 'The request could not be routed.';
  void reply
    .code(400)
    .header('X-Request-Id', request.id)
    .type('application/json; charset=utf-8')
    .send(errorBody('invalid_request', message, request.id));
}
