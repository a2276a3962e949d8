import { createHash, createPublicKey, sign, type KeyObject } from 'node:crypto';

/*
 * A minimal DER encoder, enough for one self-signed ECDSA P-256 certificate: the registry's
 * `rootcertbundle` must be a certificate, Node can make keys but not certificates, and the console
 * must not depend on an openssl binary being installed.
 */
function tlv(tag: number, body: Buffer): Buffer {
  const n = body.length;
  const length = n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), length, body]);
}
const seq = (...parts: Buffer[]) => tlv(0x30, Buffer.concat(parts));
const set = (...parts: Buffer[]) => tlv(0x31, Buffer.concat(parts));
function oid(dotted: string): Buffer {
  const [a, b, ...rest] = dotted.split('.').map(Number) as [number, number, ...number[]];
  const bytes = [a * 40 + b];
  for (const value of rest) {
    const chunk = [value & 0x7f];
    for (let v = value >> 7; v > 0; v >>= 7) chunk.unshift((v & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}
function integer(value: Buffer): Buffer {
  const trimmed = value[0] !== undefined && value[0] & 0x80 ? Buffer.concat([Buffer.from([0]), value]) : value;
  return tlv(0x02, trimmed);
}
const utf8 = (text: string) => tlv(0x0c, Buffer.from(text, 'utf8'));
/** GeneralizedTime works for every year (UTCTime stops at 2049). */
const time = (date: Date) => tlv(0x18, Buffer.from(`${date.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`, 'ascii'));
const bitString = (body: Buffer) => tlv(0x03, Buffer.concat([Buffer.from([0]), body]));

const ecdsaWithSha256 = seq(oid('1.2.840.10045.4.3.2'));

/** A self-signed X.509 v3 certificate (PEM) for an EC P-256 key pair, valid from `from` for `days`. */
export function selfSignedCertificate(privateKey: KeyObject, commonName: string, from: Date, days: number): string {
  const spki = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  const serial = createHash('sha256').update(spki).update(from.toISOString()).digest().subarray(0, 16);
  serial[0] = (serial[0] as number) & 0x7f;
  const name = seq(set(seq(oid('2.5.4.3'), utf8(commonName))));
  const until = new Date(from.getTime() + days * 86_400_000);
  const tbs = seq(
    tlv(0xa0, integer(Buffer.from([2]))),
    integer(serial),
    ecdsaWithSha256,
    name,
    seq(time(from), time(until)),
    name,
    spki,
  );
  const signature = sign('sha256', tbs, { key: privateKey, dsaEncoding: 'der' });
  const der = seq(tbs, ecdsaWithSha256, bitString(signature));
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}

/**
 * The key id distribution (libtrust) computes for a public key: SHA-256 of its DER SPKI, first 240
 * bits, base32 without padding, in 12 groups of 4 joined by ':'. A JWT whose `kid` matches a key of
 * the rootcertbundle is trusted without an `x5c` chain.
 */
export function libtrustKeyId(publicKey: KeyObject): string {
  const der = publicKey.export({ format: 'der', type: 'spki' });
  const digest = createHash('sha256').update(der).digest().subarray(0, 30);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of digest) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return (out.match(/.{4}/g) ?? []).join(':');
}
