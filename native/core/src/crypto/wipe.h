// Overwriting secret bytes before their memory is freed or reused (a voice transport key, the
// text of a secret the log's redactor remembered), in a way the compiler may not drop as a dead
// store.
#pragma once

#include <cstddef>

namespace sdkpp::crypto {

void WipeSecret(void* data, size_t size);

}  // namespace sdkpp::crypto
