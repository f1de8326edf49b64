// OpenSSL's libcrypto (dev only: the addon itself has no crypto library, docs/voice-calls.md). XChaCha
// is built the standard way: HChaCha20 subkey from the first 16 nonce bytes, then IETF
// ChaCha20-Poly1305 with nonce 0000 ‖ nonce[16..24].
#include "test_aead.h"

#include <openssl/evp.h>

#include <cstring>

namespace sdkpp::testing {
namespace {

uint32_t Rotl(uint32_t v, int c) { return (v << c) | (v >> (32 - c)); }

void QuarterRound(uint32_t* x, int a, int b, int c, int d) {
  x[a] += x[b]; x[d] = Rotl(x[d] ^ x[a], 16);
  x[c] += x[d]; x[b] = Rotl(x[b] ^ x[c], 12);
  x[a] += x[b]; x[d] = Rotl(x[d] ^ x[a], 8);
  x[c] += x[d]; x[b] = Rotl(x[b] ^ x[c], 7);
}

uint32_t Le32(const uint8_t* p) {
  return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
}

void HChaCha20(const uint8_t key[32], const uint8_t nonce16[16], uint8_t out[32]) {
  uint32_t x[16] = {0x61707865, 0x3320646e, 0x79622d32, 0x6b206574};
  for (int i = 0; i < 8; ++i) x[4 + i] = Le32(key + 4 * i);
  for (int i = 0; i < 4; ++i) x[12 + i] = Le32(nonce16 + 4 * i);
  for (int round = 0; round < 10; ++round) {
    QuarterRound(x, 0, 4, 8, 12); QuarterRound(x, 1, 5, 9, 13);
    QuarterRound(x, 2, 6, 10, 14); QuarterRound(x, 3, 7, 11, 15);
    QuarterRound(x, 0, 5, 10, 15); QuarterRound(x, 1, 6, 11, 12);
    QuarterRound(x, 2, 7, 8, 13); QuarterRound(x, 3, 4, 9, 14);
  }
  const int words[8] = {0, 1, 2, 3, 12, 13, 14, 15};
  for (int i = 0; i < 8; ++i) {
    for (int b = 0; b < 4; ++b) out[4 * i + b] = uint8_t(x[words[i]] >> (8 * b));
  }
}

// Resolves the cipher, key and 12-byte nonce OpenSSL needs for either algorithm.
bool Prepare(AeadAlgorithm algorithm, const uint8_t* key, const uint8_t* nonce, size_t nonce_size,
             const EVP_CIPHER*& cipher, uint8_t real_key[32], uint8_t real_nonce[12]) {
  if (key == nullptr || nonce == nullptr) return false;
  if (algorithm == AeadAlgorithm::Aes256Gcm) {
    if (nonce_size != 12) return false;
    cipher = EVP_aes_256_gcm();
    std::memcpy(real_key, key, 32);
    std::memcpy(real_nonce, nonce, 12);
    return true;
  }
  if (algorithm == AeadAlgorithm::XChaCha20Poly1305) {
    if (nonce_size != 24) return false;
    cipher = EVP_chacha20_poly1305();
    HChaCha20(key, nonce, real_key);
    std::memset(real_nonce, 0, 4);
    std::memcpy(real_nonce + 4, nonce + 16, 8);
    return true;
  }
  return false;
}

bool Run(bool seal, AeadAlgorithm algorithm, const uint8_t* key, const uint8_t* nonce,
         size_t nonce_size, const uint8_t* aad, size_t aad_size, const uint8_t* in, size_t size,
         uint8_t* out) {
  const EVP_CIPHER* cipher = nullptr;
  uint8_t real_key[32];
  uint8_t real_nonce[12];
  if (!Prepare(algorithm, key, nonce, nonce_size, cipher, real_key, real_nonce)) return false;
  if (!seal && size < 16) return false;
  size_t body = seal ? size : size - 16;
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  if (ctx == nullptr) return false;
  int len = 0;
  bool ok = EVP_CipherInit_ex(ctx, cipher, nullptr, nullptr, nullptr, seal ? 1 : 0) == 1 &&
            EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, 12, nullptr) == 1 &&
            EVP_CipherInit_ex(ctx, nullptr, nullptr, real_key, real_nonce, seal ? 1 : 0) == 1;
  if (ok && aad_size > 0) ok = EVP_CipherUpdate(ctx, nullptr, &len, aad, int(aad_size)) == 1;
  if (ok && body > 0) ok = EVP_CipherUpdate(ctx, out, &len, in, int(body)) == 1;
  if (ok && !seal) {
    ok = EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, 16,
                             const_cast<uint8_t*>(in + body)) == 1;
  }
  if (ok) ok = EVP_CipherFinal_ex(ctx, out + body, &len) == 1;
  if (ok && seal) ok = EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, 16, out + body) == 1;
  EVP_CIPHER_CTX_free(ctx);
  std::memset(real_key, 0, sizeof real_key);
  return ok;
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
