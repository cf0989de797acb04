import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_ABOVE_BYTES = 1024;

/**
 * Decision FND-45: every answer of a compressible type above 1 KB is compressed for a client that
 * accepts it, brotli first then gzip, at brotli's quality 4 (a fast one: answers are compressed per
 * request; the apps' files are compressed once at build and sent by @fastify/static as they are,
 * which this leaves alone, as an answer that already has a Content-Encoding). WebSocket frames are
 * not answers: graphql-ws and socket.io keep their own settings.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_ABOVE_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
