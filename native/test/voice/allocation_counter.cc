// The replaced global allocation functions of the test binary: all of them, plain, array,
// nothrow, sized and aligned, so no allocation path escapes the count. They allocate with
// malloc / aligned_alloc (AddressSanitizer still watches those) and count while armed. Windows
// has no aligned_alloc: _aligned_malloc there, whose blocks only _aligned_free may release, so
// the aligned forms of delete have their own Free.
#include "voice/allocation_counter.h"

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <new>

namespace sdkpp::voice::testing {
namespace {

thread_local bool armed = false;  // constant-initialized: safe before main and in any thread
std::atomic<uint64_t> allocations{0};
std::atomic<uint64_t> frees{0};

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
