// Counts heap allocations (and frees) through every replaced global operator new/delete of the
// test binary (allocation_counter.cc), but only those made on a thread while it is armed, so a
// test can arm the audio thread around the engine's OnAudioFrame and assert it never allocates.
// malloc called directly (C code) is not seen; libopus encodes and decodes without it.
//
// It also watches what operator delete frees for given bytes (a secret's text), so a test can
// prove a secret was wiped before its memory went back to the heap.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string_view>

namespace sdkpp::voice::testing {

struct AllocationCount {
  uint64_t allocations = 0;
  uint64_t frees = 0;
};

// Arms or disarms the calling thread.
void ArmAllocationCounter(bool armed);
AllocationCount CountedAllocations();  // over all threads, since the last reset
void ResetAllocationCounter();

// Every block freed through operator delete from now on is searched for each of `patterns` (at
// most 4, each at most 256 bytes) before it is freed; an empty list stops watching. False where
// the block's size cannot be read (the watch then does nothing).
bool WatchFreedMemoryFor(std::initializer_list<std::string_view> patterns);
uint64_t FreedBlocksHoldingAPattern();  // since the watch started

// Arms the calling thread for its scope.
class ArmedAllocations {
 public:
  ArmedAllocations() { ArmAllocationCounter(true); }
  ~ArmedAllocations() { ArmAllocationCounter(false); }
  ArmedAllocations(const ArmedAllocations&) = delete;
  ArmedAllocations& operator=(const ArmedAllocations&) = delete;
};

}  // namespace sdkpp::voice::testing
