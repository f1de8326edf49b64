// The voice listener's TLS certificate: self-signed for IP:127.0.0.1 and DNS:localhost, made at
// start and valid for two days. Clients trust it by its PEM (`ca` in-process, or a file named by
// NODE_EXTRA_CA_CERTS for a child process).
import { generate } from 'selfsigned';

export interface LoopbackCertificate {
  cert: string;
  key: string;
}

/** Real time, not the emulator clock: TLS clients check validity against their own clock. */
export async function loopbackCertificate(): Promise<LoopbackCertificate> {
  const now = Date.now();
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: new Date(now - 60_000),
    notAfterDate: new Date(now + 2 * 86_400_000),
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', digitalSignature: true, keyCertSign: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }, { type: 7, ip: '127.0.0.1' }] },
    ],
  });
  return { cert: pems.cert, key: pems.private };
}
