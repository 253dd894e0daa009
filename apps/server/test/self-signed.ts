import fs from 'node:fs';
import path from 'node:path';
import { generate } from 'selfsigned';

/**
 * A self-signed certificate for 127.0.0.1 and localhost (one day), written as PEM files into
 * `dir`: the TLS test and `bench/web`'s HTTPS run serve with it (TLS_CERT_FILE, TLS_KEY_FILE).
 */
export async function selfSignedCertificate(dir: string): Promise<{ certFile: string; keyFile: string }> {
  const notBeforeDate = new Date(Date.now() - 60_000);
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate: new Date(notBeforeDate.getTime() + 24 * 3600_000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }, { type: 7, ip: '127.0.0.1' }] },
    ],
  });
  fs.mkdirSync(dir, { recursive: true });
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  fs.writeFileSync(certFile, pems.cert);
  fs.writeFileSync(keyFile, pems.private, { mode: 0o600 });
  return { certFile, keyFile };
}
