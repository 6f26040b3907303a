import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { MAX_UPLOAD_BYTES } from '../domain/file-kind.js';
import { isFilePart } from './multipart-upload.js';

/**
 * Urlencoded forms (the account pages) and multipart uploads (the API), the upload limited while
 * it streams: one file of at most MAX_UPLOAD_BYTES, a few short text fields.
 */
export async function installBodyParsers(app: FastifyInstance): Promise<void> {
  await app.register(formbody);
  await app.register(multipart, {
    limits: {
      fileSize: MAX_UPLOAD_BYTES, // 10 MiB, enforced while streaming
      files: 1,
      fields: 4,
      fieldSize: 1024, // bytes per text field; document_type is short
      parts: 8,
      headerPairs: 50,
    },
    throwFileSizeLimit: true,
    isPartAFile: isFilePart,
  });
}
