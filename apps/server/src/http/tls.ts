import { X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Server as HttpsServer } from 'node:https';
import { createSecureContext, type SecureContextOptions } from 'node:tls';
import type { Logger } from 'pino';
import type { TlsFiles } from '../config/config.ts';

/** What an HTTPS server is made with, and what may be said of it (never the key). */
export interface LoadedTls {
  readonly context: SecureContextOptions;
  /** The certificate's end, ISO 8601. */
  readonly notAfter: string;
  /** Its serial number and SHA-256 fingerprint: which certificate is served, for the log. */
  readonly serial: string;
  readonly fingerprint: string;
}

/** TLS_CERT_FILE or TLS_KEY_FILE does not load: one line, at start, naming the files and why. */
export class TlsFilesError extends Error {
  constructor(files: TlsFiles, reason: string) {
    super(
      `Careboard cannot start: TLS_CERT_FILE (${files.certFile}) and TLS_KEY_FILE (${files.keyFile}) do not load: ${reason}`,
    );
    this.name = 'TlsFilesError';
  }
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The files as a secure context's options (decision FND-44), checked by making one: a file that
 * is not PEM, or a key that is not the certificate's, throws here rather than at the first
 * handshake. Browsers need TLS 1.2 at least; so do we.
 */
async function readTls(files: TlsFiles): Promise<LoadedTls> {
  const [cert, key] = await Promise.all([readFile(files.certFile), readFile(files.keyFile)]);
  const context: SecureContextOptions = { cert, key, minVersion: 'TLSv1.2' };
  createSecureContext(context);
  const certificate = new X509Certificate(cert);
  return {
    context,
    notAfter: certificate.validToDate.toISOString(),
    serial: certificate.serialNumber,
    fingerprint: certificate.fingerprint256,
  };
}

/** At start: the files, or a TlsFilesError saying why not. */
export async function loadTls(files: TlsFiles): Promise<LoadedTls> {
  try {
    return await readTls(files);
  } catch (error) {
    throw new TlsFilesError(files, reasonOf(error));
  }
}

/**
 * Reads the files again and serves them to new connections (decision FND-44: on SIGHUP, as a
 * certificate's renewal ends): one `info` line with the new certificate's end, or, when they do not
 * load, one `warn` line with why, and the old certificate stays. Connections already open keep theirs.
 */
export async function reloadTls(server: HttpsServer, files: TlsFiles, log: Logger): Promise<boolean> {
  try {
    const loaded = await readTls(files);
    server.setSecureContext(loaded.context);
    log.info(
      { not_after: loaded.notAfter, serial: loaded.serial, fingerprint: loaded.fingerprint },
      'TLS certificate reloaded',
    );
    return true;
  } catch (error) {
    log.warn({ reason: reasonOf(error) }, 'TLS files do not load; the old certificate stays');
    return false;
  }
}
