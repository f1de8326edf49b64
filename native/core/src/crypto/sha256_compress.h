// The SHA-256 block function in two forms: portable C++, and the x86 SHA extensions where the
// CPU has them (most x86-64 CPUs since 2017). Sha256 picks one once; tests compare the two.
#pragma once

#include <array>
#include <cstdint>

namespace sdkpp::crypto::detail {

using Sha256State = std::array<uint32_t, 8>;

// FIPS 180-4's 64 round constants, shared by both block functions.
const std::array<uint32_t, 64>& Sha256RoundConstants();

// Runs FIPS 180-4's compression of one 64-byte block into `state`.
void Sha256CompressPortable(Sha256State& state, const uint8_t* block);

// True when this build has the accelerated block function and the CPU running it supports it.
bool Sha256AcceleratedAvailable();

// The accelerated block function; call only when Sha256AcceleratedAvailable() is true.
void Sha256CompressAccelerated(Sha256State& state, const uint8_t* block);

}  // namespace sdkpp::crypto::detail
