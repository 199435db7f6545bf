/**
 * Synchronous SHA-256 (FIPS 180-4 §6.2) over Uint8Array.
 *
 * Written by hand because the ledger code must run unchanged in the browser and in Node:
 * `node:crypto` does not exist in the browser, and WebCrypto's `subtle.digest` is async-only,
 * which would make every Merkle function async. The 32-bit bitwise operators below act on
 * 32-bit words by design; they never touch tree indices or sizes.
 */

// FIPS 180-4 §4.2.2: first 32 bits of the fractional parts of the cube roots of the first 64 primes.
// Stored as Int32Array so every value stays a small integer for the JIT.
const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

// FIPS 180-4 §5.3.3: first 32 bits of the fractional parts of the square roots of the first 8 primes.
const H0 = new Int32Array([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);

// Scratch state shared by all calls: sha256 is synchronous and never re-entered, so reusing it
// is safe and keeps a digest to four small allocations.
const H = new Int32Array(8);
const W = new Int32Array(64);

/** Compresses the 64-byte block of `buf` that starts at `off` into H (§6.2.2). */
function compress(buf: Uint8Array, off: number): void {
  for (let t = 0; t < 16; t++) {
    const i = off + t * 4;
    W[t] = (buf[i]! << 24) | (buf[i + 1]! << 16) | (buf[i + 2]! << 8) | buf[i + 3]!;
  }
  for (let t = 16; t < 64; t++) {
    const x = W[t - 15]!;
    const y = W[t - 2]!;
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    W[t] = (W[t - 16]! + s0 + W[t - 7]! + s1) | 0;
  }
  let a = H[0]!;
  let b = H[1]!;
  let c = H[2]!;
  let d = H[3]!;
  let e = H[4]!;
  let f = H[5]!;
  let g = H[6]!;
  let h = H[7]!;
  for (let t = 0; t < 64; t++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const ch = (e & f) ^ (~e & g);
    const t1 = (h + S1 + ch + K[t]! + W[t]!) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const maj = (a & b) ^ (a & c) ^ (b & c);
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + S0 + maj) | 0;
  }
  H[0] = (H[0]! + a) | 0;
  H[1] = (H[1]! + b) | 0;
  H[2] = (H[2]! + c) | 0;
  H[3] = (H[3]! + d) | 0;
  H[4] = (H[4]! + e) | 0;
  H[5] = (H[5]! + f) | 0;
  H[6] = (H[6]! + g) | 0;
  H[7] = (H[7]! + h) | 0;
}

/** SHA-256 digest (32 bytes) of `data`. */
export function sha256(data: Uint8Array): Uint8Array {
  H.set(H0);
  const len = data.length;
  const fullBlocks = Math.floor(len / 64);
  // Whole blocks are read in place; only the tail is copied so it can be padded.
  for (let i = 0; i < fullBlocks; i++) compress(data, i * 64);

  const rest = len - fullBlocks * 64;
  // §5.1.1: 0x80, zeros, then the 64-bit big-endian bit length; one or two blocks.
  const tail = new Uint8Array(rest < 56 ? 64 : 128);
  tail.set(data.subarray(fullBlocks * 64));
  tail[rest] = 0x80;
  // The bit length can pass 2^53, so it is never formed as one number:
  // high word = floor(len * 8 / 2^32), low word = (len * 8) mod 2^32.
  const view = new DataView(tail.buffer);
  view.setUint32(tail.length - 8, Math.floor(len / 0x20000000));
  view.setUint32(tail.length - 4, (len % 0x20000000) * 8);
  for (let off = 0; off < tail.length; off += 64) compress(tail, off);

  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) outView.setInt32(i * 4, H[i]!);
  return out;
}
