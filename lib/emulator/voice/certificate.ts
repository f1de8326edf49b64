// The voice listener's TLS certificate: self-signed for IP:127.0.0.1 and DNS:localhost (and the
// host the voice endpoint advertises, when that is another), made at start and valid for two
// days. Clients trust it by its PEM (`ca` in-process, or a file named by NODE_EXTRA_CA_CERTS for
// a child process).
import { isIP } from 'node:net';
import { generate } from 'selfsigned';

export interface LoopbackCertificate {
  cert: string;
  key: string;
}

/** Real time, not the emulator clock: TLS clients check validity against their own clock. */
export async function loopbackCertificate(advertisedHost?: string): Promise<LoopbackCertificate> {
  const now = Date.now();
  const altNames: Array<{ type: 2; value: string } | { type: 7; ip: string }> = [{ type: 2, value: 'localhost' }, { type: 7, ip: '127.0.0.1' }];
  const extra = advertisedHost?.replace(/^\[(.*)\]$/, '$1');
  if (extra && extra !== 'localhost' && extra !== '127.0.0.1') altNames.push(isIP(extra) ? { type: 7, ip: extra } : { type: 2, value: extra });
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
      { name: 'subjectAltName', altNames },
    ],
  });
  return { cert: pems.cert, key: pems.private };
}
