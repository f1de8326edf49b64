// The replaced global allocation functions of the test binary: all of them, plain, array,
// nothrow, sized and aligned, so no allocation path escapes the count. They allocate with
// malloc / aligned_alloc (AddressSanitizer still watches those) and count while armed. Windows
// has no aligned_alloc: _aligned_malloc there, whose blocks only _aligned_free may release, so
// the aligned forms of delete have their own Free.
#include "voice/allocation_counter.h"

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <new>

#if defined(__GLIBC__)
#include <malloc.h>  // malloc_usable_size
#define SDKPP_BLOCK_SIZE(pointer) malloc_usable_size(pointer)
#elif defined(__APPLE__)
#include <malloc/malloc.h>
#define SDKPP_BLOCK_SIZE(pointer) malloc_size(pointer)
#endif

namespace sdkpp::voice::testing {
namespace {

thread_local bool armed = false;  // constant-initialized: safe before main and in any thread
std::atomic<uint64_t> allocations{0};
std::atomic<uint64_t> frees{0};

// The freed-memory watch: fixed storage, so that searching never allocates.
struct Pattern {
  char bytes[256];
  size_t size;
};
Pattern patterns[4];
std::atomic<size_t> pattern_count{0};
std::atomic<uint64_t> freed_holding{0};

void SearchFreed(void* pointer) {
#ifdef SDKPP_BLOCK_SIZE
  const size_t count = pattern_count.load(std::memory_order_acquire);
  if (count == 0) return;
  const char* begin = static_cast<const char*>(pointer);
  const char* end = begin + SDKPP_BLOCK_SIZE(pointer);
  for (size_t i = 0; i < count; ++i) {
    const Pattern& pattern = patterns[i];
    if (std::search(begin, end, pattern.bytes, pattern.bytes + pattern.size) != end) {
      freed_holding.fetch_add(1, std::memory_order_relaxed);
      return;
    }
  }
#else
  (void)pointer;
#endif
}

void* Allocate(std::size_t size) {
  if (armed) allocations.fetch_add(1, std::memory_order_relaxed);
  return std::malloc(size == 0 ? 1 : size);
}

void* AllocateAligned(std::size_t size, std::align_val_t alignment) {
  if (armed) allocations.fetch_add(1, std::memory_order_relaxed);
  const auto align = static_cast<std::size_t>(alignment);
  // aligned_alloc wants a size that is a multiple of the alignment.
  const std::size_t rounded = ((size == 0 ? 1 : size) + align - 1) / align * align;
#if defined(_WIN32)
  return _aligned_malloc(rounded, align);
#else
  return std::aligned_alloc(align, rounded);
#endif
}

void Free(void* pointer) {
  if (pointer == nullptr) return;
  if (armed) frees.fetch_add(1, std::memory_order_relaxed);
  SearchFreed(pointer);
  std::free(pointer);
}

void FreeAligned(void* pointer) {
  if (pointer == nullptr) return;
  if (armed) frees.fetch_add(1, std::memory_order_relaxed);
#if defined(_WIN32)
  _aligned_free(pointer);
#else
  std::free(pointer);
#endif
}

void* OrThrow(void* pointer) {
  if (pointer == nullptr) throw std::bad_alloc();
  return pointer;
}

}  // namespace

void ArmAllocationCounter(bool on) { armed = on; }

AllocationCount CountedAllocations() {
  return {allocations.load(std::memory_order_relaxed), frees.load(std::memory_order_relaxed)};
}

void ResetAllocationCounter() {
  allocations.store(0);
  frees.store(0);
}

bool WatchFreedMemoryFor(std::initializer_list<std::string_view> watched) {
  pattern_count.store(0, std::memory_order_release);
  freed_holding.store(0);
  size_t count = 0;
  for (std::string_view pattern : watched) {
    if (count == std::size(patterns) || pattern.empty() || pattern.size() > sizeof(Pattern::bytes)) return false;
    std::memcpy(patterns[count].bytes, pattern.data(), pattern.size());
    patterns[count].size = pattern.size();
    ++count;
  }
  pattern_count.store(count, std::memory_order_release);
#ifdef SDKPP_BLOCK_SIZE
  return true;
#else
  return count == 0;
#endif
}

uint64_t FreedBlocksHoldingAPattern() { return freed_holding.load(); }

}  // namespace sdkpp::voice::testing

using sdkpp::voice::testing::Allocate;
using sdkpp::voice::testing::AllocateAligned;
using sdkpp::voice::testing::Free;
using sdkpp::voice::testing::FreeAligned;
using sdkpp::voice::testing::OrThrow;

void* operator new(std::size_t size) { return OrThrow(Allocate(size)); }
void* operator new[](std::size_t size) { return OrThrow(Allocate(size)); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept { return Allocate(size); }
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept { return Allocate(size); }
void* operator new(std::size_t size, std::align_val_t align) { return OrThrow(AllocateAligned(size, align)); }
void* operator new[](std::size_t size, std::align_val_t align) { return OrThrow(AllocateAligned(size, align)); }
void* operator new(std::size_t size, std::align_val_t align, const std::nothrow_t&) noexcept {
  return AllocateAligned(size, align);
}
void* operator new[](std::size_t size, std::align_val_t align, const std::nothrow_t&) noexcept {
  return AllocateAligned(size, align);
}

void operator delete(void* pointer) noexcept { Free(pointer); }
void operator delete[](void* pointer) noexcept { Free(pointer); }
void operator delete(void* pointer, std::size_t) noexcept { Free(pointer); }
void operator delete[](void* pointer, std::size_t) noexcept { Free(pointer); }
void operator delete(void* pointer, const std::nothrow_t&) noexcept { Free(pointer); }
void operator delete[](void* pointer, const std::nothrow_t&) noexcept { Free(pointer); }
void operator delete(void* pointer, std::align_val_t) noexcept { FreeAligned(pointer); }
void operator delete[](void* pointer, std::align_val_t) noexcept { FreeAligned(pointer); }
void operator delete(void* pointer, std::size_t, std::align_val_t) noexcept { FreeAligned(pointer); }
void operator delete[](void* pointer, std::size_t, std::align_val_t) noexcept { FreeAligned(pointer); }
void operator delete(void* pointer, std::align_val_t, const std::nothrow_t&) noexcept { FreeAligned(pointer); }
void operator delete[](void* pointer, std::align_val_t, const std::nothrow_t&) noexcept { FreeAligned(pointer); }
