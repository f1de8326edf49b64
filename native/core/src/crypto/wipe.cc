#include "crypto/wipe.h"

#include <cstdint>

namespace sdkpp::crypto {

void WipeSecret(void* data, size_t size) {
  if (data == nullptr) return;
  volatile uint8_t* bytes = static_cast<volatile uint8_t*>(data);
  for (size_t i = 0; i < size; ++i) bytes[i] = 0;
#if defined(__GNUC__) || defined(__clang__)
  // The buffer may be freed right after: tell the optimiser the zeros are observed.
  __asm__ __volatile__("" : : "r"(data) : "memory");
#endif
}

}  // namespace sdkpp::crypto
