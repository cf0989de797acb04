import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** A certificate file and its key file. */
export interface CertificateFiles {
  readonly certFile: string;
  readonly keyFile: string;
}

/**
 * A self-signed certificate made by Debian's openssl in `dir`, valid two days, for `altNames`
 * (subjectAltName entries: `IP:127.0.0.1` unless given), named `<name>-cert.pem` and `<name>-key.pem`
 * (`cert.pem`, `key.pem` without a name).
 */
export function selfSignedCertificate(
  dir: string,
  options: { readonly name?: string; readonly commonName?: string; readonly altNames?: string } = {},
): CertificateFiles {
  const prefix = options.name ? `${options.name}-` : '';
  const certFile = path.join(dir, `${prefix}cert.pem`);
  const keyFile = path.join(dir, `${prefix}key.pem`);
  const subject = `/CN=${options.commonName ?? options.name ?? '127.0.0.1'}`;
  execFileSync(
    '/usr/bin/openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', subject],
      ...[
        '-addext',
        `subjectAltName=${options.altNames ?? 'IP:127.0.0.1'}`,
        '-keyout',
        keyFile,
        '-out',
        certFile,
      ],
    ],
    { stdio: 'ignore' },
  );
  return { certFile, keyFile };
}
