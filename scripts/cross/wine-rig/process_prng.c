// Test rig only (never shipped): Wine 8 has no bcryptprimitives.dll, and vitest's bundler
// (rolldown, a Rust binary) imports ProcessPrng from it, as Rust's standard library does on
// Windows 10+. This DLL, copied into the Wine prefix, provides it from advapi32's RtlGenRandom.
#include <windows.h>

// RtlGenRandom's exported name (advapi32).
BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T size) {
  while (size > 0) {
    ULONG chunk = size > 0x10000000 ? 0x10000000 : (ULONG)size;
    if (!SystemFunction036(data, chunk)) return FALSE;
    data += chunk;
    size -= chunk;
  }
  return TRUE;
}
