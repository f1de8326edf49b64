# CMake toolchain for the win32-x64 addon and harness, cross-built on Debian with mingw-w64.
# The -posix flavour of the compiler: the default -win32 threading model has no std::mutex or
# std::thread, which the core uses.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)

set(SDKPP_MINGW_PREFIX x86_64-w64-mingw32)
set(CMAKE_C_COMPILER ${SDKPP_MINGW_PREFIX}-gcc-posix)
set(CMAKE_CXX_COMPILER ${SDKPP_MINGW_PREFIX}-g++-posix)
set(CMAKE_RC_COMPILER ${SDKPP_MINGW_PREFIX}-windres)
set(CMAKE_AR ${SDKPP_MINGW_PREFIX}-ar CACHE FILEPATH "")
set(CMAKE_RANLIB ${SDKPP_MINGW_PREFIX}-ranlib CACHE FILEPATH "")
set(SDKPP_DLLTOOL ${SDKPP_MINGW_PREFIX}-dlltool)

set(CMAKE_FIND_ROOT_PATH /usr/${SDKPP_MINGW_PREFIX})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# A user machine has no MinGW runtime: libstdc++, libgcc and winpthread go into the binary, so
# it depends on Windows system DLLs only.
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static")
set(CMAKE_SHARED_LINKER_FLAGS_INIT "-static")
set(CMAKE_MODULE_LINKER_FLAGS_INIT "-static")
