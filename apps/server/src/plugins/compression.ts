import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/** JSON answers smaller than this go as they are: compressing them saves less than it costs. */
export const compressThresholdBytes = 2048;

/**
 * The console's own JSON (`application/json`, whatever its charset). Not `application/*+json`: the image
 * gate relays registry manifests (`…manifest.v1+json`) byte for byte, as their digests are of those bytes.
 */
const isJson = (contentType: string): boolean => /^application\/json\s*(?:;|$)/i.test(contentType);

/**
 * Compresses JSON answers of 2 KiB or more by the request's Accept-Encoding (brotli at quality 4, else gzip;
 * `Vary: Accept-Encoding` on them; identity when neither is accepted). Nothing else: the web build is sent
 * precompressed by the SPA plugin, downloads, event streams and the sessions' proxy go as they are (a stream
 * compressed on the fly would lose its length and its ranges). Request bodies are never inflated here.
 */
export const compressionPlugin = fp(
  async (app) => {
    await app.register(compress, {
      global: true,
      globalDecompression: false,
      encodings: ['br', 'gzip'],
      threshold: compressThresholdBytes,
      customTypes: isJson,
    });
  },
  { name: 'starlight-compression' },
);
