// The commit the SDK was built from (Client::GetVersionHash). Kept in a translation unit of its
// own: the hash is a compile definition that changes with every commit, and only this file sees
// it, so a new commit recompiles one small file instead of the whole core.
#pragma once

namespace sdkpp {

// The git commit of the build, or "unknown" when it was built outside a git checkout.
const char* BuildVersionHash();

}  // namespace sdkpp
