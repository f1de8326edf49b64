# CMake toolchain for the linux-arm64 native harness, cross-compiled on an x64 Debian host with
# g++-aarch64-linux-gnu. ctest runs each test through qemu-user (CMAKE_CROSSCOMPILING_EMULATOR),
# with the aarch64 C runtime of the cross toolchain as its library prefix.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)

# The harness links libcrypto (dev only): Debian arm64 libssl3 + libssl-dev unpacked into one
# folder (scripts/cross/arm64-runtime.mjs), given as -DSDKPP_ARM64_OPENSSL_ROOT. Its
# architecture-specific headers (openssl/configuration.h) are in usr/include/aarch64-linux-gnu,
# searched last (-idirafter) so that nothing there shadows the cross toolchain C headers.
if(SDKPP_ARM64_OPENSSL_ROOT)
  set(OPENSSL_INCLUDE_DIR "${SDKPP_ARM64_OPENSSL_ROOT}/usr/include" CACHE PATH "arm64 OpenSSL headers")
  set(OPENSSL_CRYPTO_LIBRARY "${SDKPP_ARM64_OPENSSL_ROOT}/usr/lib/aarch64-linux-gnu/libcrypto.so" CACHE FILEPATH "arm64 libcrypto")
  set(CMAKE_C_FLAGS_INIT "-idirafter ${SDKPP_ARM64_OPENSSL_ROOT}/usr/include/aarch64-linux-gnu")
  set(CMAKE_CXX_FLAGS_INIT "-idirafter ${SDKPP_ARM64_OPENSSL_ROOT}/usr/include/aarch64-linux-gnu")
endif()

# Look for libraries and headers of the target only in what is given explicitly, never in the
# host /usr/lib (x86-64 libraries there would link into nothing).
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64-static -L /usr/aarch64-linux-gnu)
