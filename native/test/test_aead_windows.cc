// Windows build of the harness's AEAD (test_aead.h); the other builds use OpenSSL (test_aead.cc),
// which MinGW does not ship. AES-256-GCM comes from the OS (BCrypt). ChaCha20-Poly1305 is written
// out here (RFC 8439), because Windows (and Wine) BCrypt lacks it: XChaCha20 as in test_aead.cc,
// HChaCha20 subkey from nonce[0..16], then the IETF construction with nonce 0000 ‖ nonce[16..24].
// The known answers in voice/test_aead_test.cc hold this file to OpenSSL's results.
#include "test_aead.h"

#include <windows.h>
#include <bcrypt.h>

#include <cstring>

namespace sdkpp::testing {
namespace {

uint32_t Rotl(uint32_t v, int c) { return (v << c) | (v >> (32 - c)); }

uint32_t Le32(const uint8_t* p) {
  return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
}

void StoreLe32(uint8_t* p, uint32_t v) {
  for (int i = 0; i < 4; ++i) p[i] = uint8_t(v >> (8 * i));
}

void QuarterRound(uint32_t* x, int a, int b, int c, int d) {
  x[a] += x[b]; x[d] = Rotl(x[d] ^ x[a], 16);
  x[c] += x[d]; x[b] = Rotl(x[b] ^ x[c], 12);
  x[a] += x[b]; x[d] = Rotl(x[d] ^ x[a], 8);
  x[c] += x[d]; x[b] = Rotl(x[b] ^ x[c], 7);
}

void DoubleRounds(uint32_t* x) {
  for (int round = 0; round < 10; ++round) {
    QuarterRound(x, 0, 4, 8, 12); QuarterRound(x, 1, 5, 9, 13);
    QuarterRound(x, 2, 6, 10, 14); QuarterRound(x, 3, 7, 11, 15);
    QuarterRound(x, 0, 5, 10, 15); QuarterRound(x, 1, 6, 11, 12);
    QuarterRound(x, 2, 7, 8, 13); QuarterRound(x, 3, 4, 9, 14);
  }
}

void InitState(uint32_t* x, const uint8_t key[32]) {
  x[0] = 0x61707865; x[1] = 0x3320646e; x[2] = 0x79622d32; x[3] = 0x6b206574;
  for (int i = 0; i < 8; ++i) x[4 + i] = Le32(key + 4 * i);
}

void HChaCha20(const uint8_t key[32], const uint8_t nonce16[16], uint8_t out[32]) {
  uint32_t x[16];
  InitState(x, key);
  for (int i = 0; i < 4; ++i) x[12 + i] = Le32(nonce16 + 4 * i);
  DoubleRounds(x);
  const int words[8] = {0, 1, 2, 3, 12, 13, 14, 15};
  for (int i = 0; i < 8; ++i) StoreLe32(out + 4 * i, x[words[i]]);
}

// One 64-byte ChaCha20 keystream block (IETF: 32-bit counter, 96-bit nonce).
void ChaChaBlock(const uint8_t key[32], uint32_t counter, const uint8_t nonce[12], uint8_t out[64]) {
  uint32_t input[16];
  InitState(input, key);
  input[12] = counter;
  for (int i = 0; i < 3; ++i) input[13 + i] = Le32(nonce + 4 * i);
  uint32_t x[16];
  std::memcpy(x, input, sizeof x);
  DoubleRounds(x);
  for (int i = 0; i < 16; ++i) StoreLe32(out + 4 * i, x[i] + input[i]);
}

void ChaChaXor(const uint8_t key[32], const uint8_t nonce[12], const uint8_t* in, size_t size, uint8_t* out) {
  uint8_t block[64];
  for (size_t offset = 0, counter = 1; offset < size; offset += 64, ++counter) {
    ChaChaBlock(key, uint32_t(counter), nonce, block);
    for (size_t i = 0; i < 64 && offset + i < size; ++i) out[offset + i] = in[offset + i] ^ block[i];
  }
}

// Poly1305 over 26-bit limbs. The AEAD pads every part to 16 bytes, so only whole blocks
// (each with its 2^128 bit) are ever fed.
class Poly1305 {
 public:
  explicit Poly1305(const uint8_t key[32]) {
    r_[0] = Le32(key + 0) & 0x3ffffff;
    r_[1] = (Le32(key + 3) >> 2) & 0x3ffff03;
    r_[2] = (Le32(key + 6) >> 4) & 0x3ffc0ff;
    r_[3] = (Le32(key + 9) >> 6) & 0x3f03fff;
    r_[4] = (Le32(key + 12) >> 8) & 0x00fffff;
    for (int i = 0; i < 4; ++i) pad_[i] = Le32(key + 16 + 4 * i);
  }

  // Feeds `data` followed by zeros up to a multiple of 16 bytes.
  void UpdatePadded(const uint8_t* data, size_t size) {
    for (size_t offset = 0; offset < size; offset += 16) {
      uint8_t block[16] = {};
      std::memcpy(block, data + offset, size - offset < 16 ? size - offset : 16);
      Block(block);
    }
  }

  void Block(const uint8_t m[16]) {
    constexpr uint32_t kMask = 0x3ffffff;
    const uint32_t r0 = r_[0], r1 = r_[1], r2 = r_[2], r3 = r_[3], r4 = r_[4];
    const uint32_t s1 = r1 * 5, s2 = r2 * 5, s3 = r3 * 5, s4 = r4 * 5;
    uint32_t h0 = h_[0] + (Le32(m + 0) & kMask);
    uint32_t h1 = h_[1] + ((Le32(m + 3) >> 2) & kMask);
    uint32_t h2 = h_[2] + ((Le32(m + 6) >> 4) & kMask);
    uint32_t h3 = h_[3] + ((Le32(m + 9) >> 6) & kMask);
    uint32_t h4 = h_[4] + ((Le32(m + 12) >> 8) | (1u << 24));
    using U = uint64_t;
    U d0 = U(h0) * r0 + U(h1) * s4 + U(h2) * s3 + U(h3) * s2 + U(h4) * s1;
    U d1 = U(h0) * r1 + U(h1) * r0 + U(h2) * s4 + U(h3) * s3 + U(h4) * s2;
    U d2 = U(h0) * r2 + U(h1) * r1 + U(h2) * r0 + U(h3) * s4 + U(h4) * s3;
    U d3 = U(h0) * r3 + U(h1) * r2 + U(h2) * r1 + U(h3) * r0 + U(h4) * s4;
    U d4 = U(h0) * r4 + U(h1) * r3 + U(h2) * r2 + U(h3) * r1 + U(h4) * r0;
    uint32_t c = uint32_t(d0 >> 26); h0 = uint32_t(d0) & kMask;
    d1 += c; c = uint32_t(d1 >> 26); h1 = uint32_t(d1) & kMask;
    d2 += c; c = uint32_t(d2 >> 26); h2 = uint32_t(d2) & kMask;
    d3 += c; c = uint32_t(d3 >> 26); h3 = uint32_t(d3) & kMask;
    d4 += c; c = uint32_t(d4 >> 26); h4 = uint32_t(d4) & kMask;
    h0 += c * 5; c = h0 >> 26; h0 &= kMask;
    h1 += c;
    h_[0] = h0; h_[1] = h1; h_[2] = h2; h_[3] = h3; h_[4] = h4;
  }

  void Finish(uint8_t tag[16]) {
    constexpr uint32_t kMask = 0x3ffffff;
    uint32_t h0 = h_[0], h1 = h_[1], h2 = h_[2], h3 = h_[3], h4 = h_[4];
    uint32_t c = h1 >> 26; h1 &= kMask;
    h2 += c; c = h2 >> 26; h2 &= kMask;
    h3 += c; c = h3 >> 26; h3 &= kMask;
    h4 += c; c = h4 >> 26; h4 &= kMask;
    h0 += c * 5; c = h0 >> 26; h0 &= kMask;
    h1 += c;
    // h - p = h + 5 - 2^130: keep it when it does not go below zero.
    uint32_t g0 = h0 + 5; c = g0 >> 26; g0 &= kMask;
    uint32_t g1 = h1 + c; c = g1 >> 26; g1 &= kMask;
    uint32_t g2 = h2 + c; c = g2 >> 26; g2 &= kMask;
    uint32_t g3 = h3 + c; c = g3 >> 26; g3 &= kMask;
    uint32_t g4 = h4 + c - (1u << 26);
    uint32_t keep_g = (g4 >> 31) - 1;  // all ones when g4 did not wrap below zero
    h0 = (h0 & ~keep_g) | (g0 & keep_g);
    h1 = (h1 & ~keep_g) | (g1 & keep_g);
    h2 = (h2 & ~keep_g) | (g2 & keep_g);
    h3 = (h3 & ~keep_g) | (g3 & keep_g);
    h4 = (h4 & ~keep_g) | (g4 & keep_g);
    uint32_t w0 = h0 | (h1 << 26);
    uint32_t w1 = (h1 >> 6) | (h2 << 20);
    uint32_t w2 = (h2 >> 12) | (h3 << 14);
    uint32_t w3 = (h3 >> 18) | (h4 << 8);
    uint64_t f = uint64_t(w0) + pad_[0]; StoreLe32(tag + 0, uint32_t(f));
    f = uint64_t(w1) + pad_[1] + (f >> 32); StoreLe32(tag + 4, uint32_t(f));
    f = uint64_t(w2) + pad_[2] + (f >> 32); StoreLe32(tag + 8, uint32_t(f));
    f = uint64_t(w3) + pad_[3] + (f >> 32); StoreLe32(tag + 12, uint32_t(f));
  }

 private:
  uint32_t r_[5];
  uint32_t h_[5] = {};
  uint32_t pad_[4];
};

void ChaChaPolyTag(const uint8_t key[32], const uint8_t nonce[12], const uint8_t* aad, size_t aad_size,
                   const uint8_t* ciphertext, size_t size, uint8_t tag[16]) {
  uint8_t block0[64];
  ChaChaBlock(key, 0, nonce, block0);
  Poly1305 mac(block0);
  mac.UpdatePadded(aad, aad_size);
  mac.UpdatePadded(ciphertext, size);
  uint8_t lengths[16];
  for (int i = 0; i < 8; ++i) {
    lengths[i] = uint8_t(uint64_t(aad_size) >> (8 * i));
    lengths[8 + i] = uint8_t(uint64_t(size) >> (8 * i));
  }
  mac.Block(lengths);
  mac.Finish(tag);
  SecureZeroMemory(block0, sizeof block0);
}

bool XChaCha(bool seal, const uint8_t* key, const uint8_t* nonce, const uint8_t* aad, size_t aad_size,
             const uint8_t* in, size_t size, uint8_t* out) {
  uint8_t subkey[32];
  uint8_t inner_nonce[12] = {};
  HChaCha20(key, nonce, subkey);
  std::memcpy(inner_nonce + 4, nonce + 16, 8);
  uint8_t tag[16];
  bool ok = true;
  if (seal) {
    ChaChaXor(subkey, inner_nonce, in, size, out);
    ChaChaPolyTag(subkey, inner_nonce, aad, aad_size, out, size, out + size);
  } else {
    size_t body = size - 16;
    ChaChaPolyTag(subkey, inner_nonce, aad, aad_size, in, body, tag);
    uint8_t diff = 0;
    for (int i = 0; i < 16; ++i) diff |= uint8_t(tag[i] ^ in[body + i]);
    ok = diff == 0;
    if (ok) ChaChaXor(subkey, inner_nonce, in, body, out);
  }
  SecureZeroMemory(subkey, sizeof subkey);
  return ok;
}

bool AesGcm(bool seal, const uint8_t* key, const uint8_t* nonce, const uint8_t* aad, size_t aad_size,
            const uint8_t* in, size_t size, uint8_t* out) {
  BCRYPT_ALG_HANDLE algorithm = nullptr;
  BCRYPT_KEY_HANDLE key_handle = nullptr;
  bool ok = BCRYPT_SUCCESS(BCryptOpenAlgorithmProvider(&algorithm, BCRYPT_AES_ALGORITHM, nullptr, 0)) &&
            BCRYPT_SUCCESS(BCryptSetProperty(algorithm, BCRYPT_CHAINING_MODE,
                                             reinterpret_cast<PUCHAR>(const_cast<wchar_t*>(BCRYPT_CHAIN_MODE_GCM)),
                                             sizeof(BCRYPT_CHAIN_MODE_GCM), 0)) &&
            BCRYPT_SUCCESS(BCryptGenerateSymmetricKey(algorithm, &key_handle, nullptr, 0,
                                                      const_cast<PUCHAR>(key), 32, 0));
  size_t body = seal ? size : size - 16;
  uint8_t tag[16];
  if (!seal) std::memcpy(tag, in + body, 16);
  if (ok) {
    BCRYPT_AUTHENTICATED_CIPHER_MODE_INFO info;
    BCRYPT_INIT_AUTH_MODE_INFO(info);
    info.pbNonce = const_cast<PUCHAR>(nonce);
    info.cbNonce = 12;
    info.pbAuthData = aad_size ? const_cast<PUCHAR>(aad) : nullptr;
    info.cbAuthData = ULONG(aad_size);
    info.pbTag = tag;
    info.cbTag = 16;
    uint8_t empty = 0;
    PUCHAR input = body ? const_cast<PUCHAR>(in) : &empty;
    PUCHAR output = body ? out : &empty;
    ULONG written = 0;
    NTSTATUS status = seal ? BCryptEncrypt(key_handle, input, ULONG(body), &info, nullptr, 0, output, ULONG(body), &written, 0)
                           : BCryptDecrypt(key_handle, input, ULONG(body), &info, nullptr, 0, output, ULONG(body), &written, 0);
    ok = BCRYPT_SUCCESS(status) && written == body;
    if (ok && seal) std::memcpy(out + body, tag, 16);
  }
  if (key_handle) BCryptDestroyKey(key_handle);
  if (algorithm) BCryptCloseAlgorithmProvider(algorithm, 0);
  return ok;
}

bool Run(bool seal, AeadAlgorithm algorithm, const uint8_t* key, const uint8_t* nonce, size_t nonce_size,
         const uint8_t* aad, size_t aad_size, const uint8_t* in, size_t size, uint8_t* out) {
  if (key == nullptr || nonce == nullptr) return false;
  if (!seal && size < 16) return false;
  if (algorithm == AeadAlgorithm::Aes256Gcm && nonce_size == 12) {
    return AesGcm(seal, key, nonce, aad, aad_size, in, size, out);
  }
  if (algorithm == AeadAlgorithm::XChaCha20Poly1305 && nonce_size == 24) {
    return XChaCha(seal, key, nonce, aad, aad_size, in, size, out);
  }
  return false;
}

}  // namespace

bool TestAeadSeal(AeadAlgorithm algorithm, const uint8_t* key, const uint8_t* nonce,
                  size_t nonce_size, const uint8_t* aad, size_t aad_size, const uint8_t* plaintext,
                  size_t size, uint8_t* out) {
  return Run(true, algorithm, key, nonce, nonce_size, aad, aad_size, plaintext, size, out);
}

bool TestAeadOpen(AeadAlgorithm algorithm, const uint8_t* key, const uint8_t* nonce,
                  size_t nonce_size, const uint8_t* aad, size_t aad_size, const uint8_t* ciphertext,
                  size_t size, uint8_t* out) {
  return Run(false, algorithm, key, nonce, nonce_size, aad, aad_size, ciphertext, size, out);
}

}  // namespace sdkpp::testing
