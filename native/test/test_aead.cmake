# The scripted platform's AEAD (native/test/test_aead.h), for the native harness and the fuzz
# targets (native/fuzz) alike: OpenSSL's libcrypto (test_aead.cc), or on Windows, where MinGW
# has no OpenSSL, BCrypt and a written-out ChaCha20-Poly1305 (test_aead_windows.cc).
#   sdkpp_add_test_aead(<target> <PRIVATE|PUBLIC>)  adds the source and links what it needs.
function(sdkpp_add_test_aead target scope)
  if(WIN32)
    target_sources(${target} PRIVATE "${CMAKE_SOURCE_DIR}/native/test/test_aead_windows.cc")
    target_link_libraries(${target} ${scope} bcrypt)
    return()
  endif()
  target_sources(${target} PRIVATE "${CMAKE_SOURCE_DIR}/native/test/test_aead.cc")
  # libcrypto is dev only. A machine without libssl-dev still has libcrypto.so.3 (Node and git
  # need it) and Node's own copy of the OpenSSL headers (include/node/openssl), which is what a
  # fresh machine gets.
  find_package(OpenSSL QUIET COMPONENTS Crypto)
  if(OpenSSL_FOUND)
    target_link_libraries(${target} ${scope} OpenSSL::Crypto)
    return()
  endif()
  execute_process(COMMAND node -p "require('path').resolve(process.execPath, '../../include/node')"
    OUTPUT_VARIABLE SDKPP_NODE_INCLUDE OUTPUT_STRIP_TRAILING_WHITESPACE)
  find_library(SDKPP_LIBCRYPTO NAMES libcrypto.so.3 crypto)
  if(NOT EXISTS "${SDKPP_NODE_INCLUDE}/openssl/evp.h" OR NOT SDKPP_LIBCRYPTO)
    message(FATAL_ERROR "the native harness needs libcrypto (libcrypto.so.3) and OpenSSL headers (Node's include/node/openssl)")
  endif()
  target_include_directories(${target} ${scope} "${SDKPP_NODE_INCLUDE}")
  target_link_libraries(${target} ${scope} "${SDKPP_LIBCRYPTO}")
endfunction()
