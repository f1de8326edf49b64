// The native harness's AEAD for the scripted platform (the Node host uses node:crypto,
// lib/platform/host/aead.ts): AES-256-GCM and XChaCha20-Poly1305 with 16-byte tags, the same
// contract as Platform::AeadSeal/AeadOpen (never throws, false on any failure).
#pragma once

#include <cstddef>
#include <cstdint>

#include "sdkpp/platform.h"

namespace sdkpp::testing {

bool TestAeadSeal(AeadAlgorithm algorithm, const uint8_t* key, const uint8_t* nonce,
                  size_t nonce_size, const uint8_t* aad, size_t aad_size, const uint8_t* plaintext,
                  size_t size, uint8_t* out);
bool TestAeadOpen(AeadAlgorithm algorithm, const uint8_t* key, const uint8_t* nonce,
                  size_t nonce_size, const uint8_t* aad, size_t aad_size, const uint8_t* ciphertext,
                  size_t size, uint8_t* out);

}  // namespace sdkpp::testing
