// Windows only (MinGW cross build, CMakeLists.txt). The addon imports Node-API from "node.exe"
// through a delay-load import library; before the first call the loader asks this hook which
// module that is, and it answers with the host process itself. So the addon loads in any host
// that exports Node-API — Electron, or a node.exe renamed by a launcher — instead of failing
// because no node.exe is loaded (or, worse, loading a second node.exe found on the PATH).
// node-gyp does the same for MSVC builds (its win_delay_load_hook.cc).
#if defined(_WIN32)

#include <windows.h>
#include <delayimp.h>

#include <cstring>

namespace {

FARPROC WINAPI ResolveNodeToHostProcess(unsigned notification, PDelayLoadInfo info) {
  if (notification != dliNotePreLoadLibrary) return nullptr;
  if (_stricmp(info->szDll, "node.exe") != 0) return nullptr;
  return reinterpret_cast<FARPROC>(GetModuleHandleW(nullptr));
}

}  // namespace

// The delay-load helper reads this variable; defining it here replaces MinGW's null default.
extern "C" PfnDliHook __pfnDliNotifyHook2 = ResolveNodeToHostProcess;

#endif  // _WIN32
