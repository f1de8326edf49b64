// Counts heap allocations (and frees) through every replaced global operator new/delete of the
// test binary (allocation_counter.cc), but only those made on a thread while it is armed, so a
// test can arm the audio thread around the engine's OnAudioFrame and assert it never allocates.
// malloc called directly (C code) is not seen; libopus encodes and decodes without it.
#pragma once

#include <cstdint>

namespace sdkpp::voice::testing {

struct AllocationCount {
  uint64_t allocations = 0;
  uint64_t frees = 0;
};

// Arms or disarms the calling thread.
void ArmAllocationCounter(bool armed);
AllocationCount CountedAllocations();  // over all threads, since the last reset
void ResetAllocationCounter();

// Arms the calling thread for its scope.
class ArmedAllocations {
 public:
  ArmedAllocations() { ArmAllocationCounter(true); }
  ~ArmedAllocations() { ArmAllocationCounter(false); }
  ArmedAllocations(const ArmedAllocations&) = delete;
  ArmedAllocations& operator=(const ArmedAllocations&) = delete;
};

}  // namespace sdkpp::voice::testing
