// The replay driver: runs a fuzz target's LLVMFuzzerTestOneInput once over every file named on
// the command line (a directory stands for the files in it). Built with any compiler, without
// libFuzzer, it is how the checked-in corpora and crash regressions run in the native harness
// (ctest): an input that crashes, trips a sanitizer or fails a FUZZ_CHECK fails the test.
//   sdkpp_fuzz_replay_<target> DIR_OR_FILE...
// A path that does not exist is skipped (a target without crashes has no regressions folder);
// running no input at all is a failure, so a lost corpus cannot pass unnoticed.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "fuzz_input.h"

namespace {

std::vector<std::filesystem::path> InputsOf(const std::filesystem::path& path) {
  std::vector<std::filesystem::path> files;
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) {
    for (const auto& entry : std::filesystem::directory_iterator(path, error)) {
      if (entry.is_regular_file(error)) files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
  } else if (std::filesystem::is_regular_file(path, error)) {
    files.push_back(path);
  }
  return files;
}

}  // namespace

int main(int argc, char** argv) {
  size_t replayed = 0;
  const auto start = std::chrono::steady_clock::now();
  for (int i = 1; i < argc; ++i) {
    const std::filesystem::path path(argv[i]);
    std::error_code error;
    if (!std::filesystem::exists(path, error)) {
      std::printf("%s: absent, skipped\n", argv[i]);
      continue;
    }
    size_t here = 0;
    for (const auto& file : InputsOf(path)) {
      std::ifstream stream(file, std::ios::binary);
      if (!stream) {
        std::fprintf(stderr, "cannot read %s\n", file.string().c_str());
        return 1;
      }
      const std::vector<char> bytes((std::istreambuf_iterator<char>(stream)), std::istreambuf_iterator<char>());
      // Printed before the run, so the input that crashes is the last one named.
      std::fprintf(stderr, "replaying %s\n", file.string().c_str());
      LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
      ++here;
    }
    std::printf("%s: %zu inputs\n", argv[i], here);
    replayed += here;
  }
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
  if (replayed == 0) {
    std::fprintf(stderr, "no input replayed: the corpus is missing\n");
    return 1;
  }
  std::printf("%zu inputs replayed in %lld ms\n", replayed, static_cast<long long>(ms));
  return 0;
}
