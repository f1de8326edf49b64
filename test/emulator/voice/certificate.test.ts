// The voice listener's self-signed certificate, made with node:crypto and the DER encoder
// (lib/emulator/voice/der.ts): read back by OpenSSL through X509Certificate, and trusted by a
// real TLS client by its PEM for every name it carries.
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import { connect } from 'node:tls';
import { afterEach, describe, expect, it } from 'vitest';
import { ipBytes, loopbackCertificate } from '../../../lib/emulator/voice/certificate';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** The TLS handshake's verdict when a client trusting only `ca` connects to `host` with `servername`. */
async function handshake(cert: { cert: string; key: string }, host: string, servername: string | undefined): Promise<string> {
  const server = createServer({ cert: cert.cert, key: cert.key });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as { port: number };
  return new Promise((resolve) => {
    const socket = connect({ host, port, ca: cert.cert, servername });
    const timer = setTimeout(() => resolve('timeout'), 5000);
    socket.on('secureConnect', () => {
      clearTimeout(timer);
      socket.end();
      resolve('trusted');
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      resolve(`error ${error.message}`);
    });
  });
}

describe('loopback certificate', () => {
  it('is a v3 self-signed ECDSA P-256 CA for localhost and 127.0.0.1, valid from a minute ago for two days', async () => {
    const before = Date.now();
    const cert = await loopbackCertificate();
    const x509 = new X509Certificate(cert.cert);
    expect(x509.subject).toBe('CN=localhost');
    expect(x509.issuer).toBe('CN=localhost');
    expect(x509.subjectAltName).toBe('DNS:localhost, IP Address:127.0.0.1');
    expect(x509.ca).toBe(true);
    expect(x509.keyUsage).toEqual(['1.3.6.1.5.5.7.3.1']); // Node names the extended key usage so: serverAuth
    expect(x509.publicKey.asymmetricKeyDetails).toEqual({ namedCurve: 'prime256v1' });
    expect(x509.verify(x509.publicKey)).toBe(true);
    expect(x509.checkPrivateKey(createPrivateKey(cert.key))).toBe(true);
    expect(x509.checkHost('localhost')).toBe('localhost');
    expect(x509.checkIP('127.0.0.1')).toBe('127.0.0.1');
    const validFrom = Date.parse(x509.validFrom);
    const validTo = Date.parse(x509.validTo);
    expect(validFrom).toBeLessThanOrEqual(before - 59_000);
    expect(validFrom).toBeGreaterThan(before - 62_000);
    expect(validTo - validFrom).toBe(2 * 86_400_000 + 60_000);
    expect(x509.serialNumber).toMatch(/^[0-7][0-9A-F]{31}$/);
  });

  it('names the advertised host too: an IPv6 address, another IPv4 address, a DNS name (non-ASCII as punycode)', async () => {
    expect(new X509Certificate((await loopbackCertificate('[::1]')).cert).subjectAltName).toBe('DNS:localhost, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1');
    expect(new X509Certificate((await loopbackCertificate('192.168.7.9')).cert).subjectAltName).toBe('DNS:localhost, IP Address:127.0.0.1, IP Address:192.168.7.9');
    expect(new X509Certificate((await loopbackCertificate('voice.test')).cert).subjectAltName).toBe('DNS:localhost, IP Address:127.0.0.1, DNS:voice.test');
    expect(new X509Certificate((await loopbackCertificate('bücher.test')).cert).subjectAltName).toBe('DNS:localhost, IP Address:127.0.0.1, DNS:xn--bcher-kva.test');
    expect(new X509Certificate((await loopbackCertificate('localhost')).cert).subjectAltName).toBe('DNS:localhost, IP Address:127.0.0.1');
  });

  it('a TLS client that trusts only its PEM accepts it for each of its names, and refuses another name', async () => {
    const cert = await loopbackCertificate('[::1]');
    expect(await handshake(cert, '127.0.0.1', undefined)).toBe('trusted');
    expect(await handshake(cert, '127.0.0.1', 'localhost')).toBe('trusted');
    expect(await handshake(cert, '::1', undefined)).toBe('trusted');
    expect(await handshake(cert, '127.0.0.1', 'example.test')).toMatch(/^error .*altnames/i);
  });

  it('each certificate has its own key and serial number', async () => {
    const [a, b] = await Promise.all([loopbackCertificate(), loopbackCertificate()]);
    expect(a.key).not.toBe(b.key);
    expect(new X509Certificate(a.cert).serialNumber).not.toBe(new X509Certificate(b.cert).serialNumber);
  });

  it.each([
    ['127.0.0.1', '7f000001'],
    ['::1', '00000000000000000000000000000001'],
    ['::', '00000000000000000000000000000000'],
    ['1::', '00010000000000000000000000000000'],
    ['2001:db8::ff00:42:8329', '20010db8000000000000ff0000428329'],
    ['::ffff:192.0.2.1', '00000000000000000000ffffc0000201'],
    ['fe80::1%eth0', 'fe800000000000000000000000000001'],
    ['1:2:3:4:5:6:7:8', '00010002000300040005000600070008'],
  ])('the address bytes of %s', (ip, hex) => {
    expect(ipBytes(ip).toString('hex')).toBe(hex);
  });
});
