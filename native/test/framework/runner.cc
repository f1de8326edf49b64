// The test binary's main(): GoogleTest's command line, as far as CMake's gtest_discover_tests and
// ctest use it.
//
//   (no argument)               run every test
//   --gtest_filter=PATTERNS     run the tests whose Suite.Name matches: patterns separated by ':',
//                               '*' any text, '?' one character; after a '-', patterns to leave out
//   --gtest_list_tests          print the selected tests, "Suite." then "  Name" lines
//   --gtest_also_run_disabled_tests
//                               also select the tests whose suite or name starts with DISABLED_
//                               (gtest_discover_tests always passes it; ctest then runs each test
//                               by its exact name)
//
// Output follows GoogleTest's ("[ RUN      ] Suite.Name", "file:line: Failure", ...). The exit
// code is 1 when a test failed or when no test was selected (a filter that matches nothing is a
// mistake, not a pass), 2 for a bad argument.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <iostream>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "framework/test.h"

namespace test_framework {
namespace {

struct TestCase {
  std::string suite;
  std::string name;
  const char* file;
  int line;
  TestBody body;
  std::string FullName() const { return suite + "." + name; }
};

// Function-local statics: tests register from other files' static initialisers, whose order
// relative to this file is unspecified.
std::vector<TestCase>& Tests() {
  static std::vector<TestCase> tests;
  return tests;
}

std::vector<void (*)()>& StartHooks() {
  static std::vector<void (*)()> hooks;
  return hooks;
}

// A check may fail on a thread the test started, while the main thread prints.
std::atomic<bool> current_test_failed{false};
std::mutex output_mutex;

bool Glob(std::string_view pattern, std::string_view text) {
  if (pattern.empty()) return text.empty();
  if (pattern[0] == '*') {
    for (size_t skip = 0; skip <= text.size(); ++skip) {
      if (Glob(pattern.substr(1), text.substr(skip))) return true;
    }
    return false;
  }
  if (text.empty() || (pattern[0] != '?' && pattern[0] != text[0])) return false;
  return Glob(pattern.substr(1), text.substr(1));
}

bool MatchesAny(std::string_view patterns, std::string_view text) {
  while (true) {
    const size_t colon = patterns.find(':');
    if (Glob(patterns.substr(0, colon), text)) return true;
    if (colon == std::string_view::npos) return false;
    patterns.remove_prefix(colon + 1);
  }
}

bool Disabled(const TestCase& test) {
  return test.suite.starts_with("DISABLED_") || test.name.starts_with("DISABLED_");
}

// GoogleTest's filter: "POSITIVE[-NEGATIVE]"; an empty positive part means every test.
bool Selected(std::string_view filter, const std::string& full_name) {
  const size_t dash = filter.find('-');
  std::string_view positive = filter.substr(0, dash);
  if (positive.empty()) positive = "*";
  if (!MatchesAny(positive, full_name)) return false;
  return dash == std::string_view::npos || !MatchesAny(filter.substr(dash + 1), full_name);
}

void ListTests(const std::vector<const TestCase*>& selected) {
  // GoogleTest groups a suite's tests under its first appearance, whichever file they are in.
  std::vector<std::string> suites;
  for (const TestCase* test : selected) {
    if (std::find(suites.begin(), suites.end(), test->suite) == suites.end()) suites.push_back(test->suite);
  }
  for (const std::string& suite : suites) {
    std::cout << suite << ".\n";
    for (const TestCase* test : selected) {
      if (test->suite == suite) std::cout << "  " << test->name << "\n";
    }
  }
}

void ReportFailure(const char* file, int line, const std::string& what, const std::string& message) {
  std::lock_guard lock(output_mutex);
  std::cout << file << ":" << line << ": Failure\n" << what << "\n";
  if (!message.empty()) std::cout << message << "\n";
  std::cout << std::flush;
  current_test_failed = true;
}

bool RunOne(const TestCase& test) {
  current_test_failed = false;
  std::cout << "[ RUN      ] " << test.FullName() << std::endl;
  const auto start = std::chrono::steady_clock::now();
  for (auto hook : StartHooks()) hook();
  try {
    test.body();
  } catch (const std::exception& error) {
    ReportFailure(test.file, test.line,
                  std::string("C++ exception with description \"") + error.what() + "\" thrown in the test body.", "");
  } catch (...) {
    ReportFailure(test.file, test.line, "Unknown C++ exception thrown in the test body.", "");
  }
  const auto ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
  const bool passed = !current_test_failed;
  std::cout << (passed ? "[       OK ] " : "[  FAILED  ] ") << test.FullName() << " (" << ms << " ms)" << std::endl;
  return passed;
}

int RunTests(const std::vector<const TestCase*>& selected) {
  std::cout << "[==========] Running " << selected.size() << " tests." << std::endl;
  std::vector<const TestCase*> failed;
  for (const TestCase* test : selected) {
    if (!RunOne(*test)) failed.push_back(test);
  }
  std::cout << "[==========] " << selected.size() << " tests ran.\n";
  std::cout << "[  PASSED  ] " << selected.size() - failed.size() << " tests.\n";
  if (!failed.empty()) {
    std::cout << "[  FAILED  ] " << failed.size() << " tests, listed below:\n";
    for (const TestCase* test : failed) std::cout << "[  FAILED  ] " << test->FullName() << "\n";
  }
  std::cout << std::flush;
  return failed.empty() ? 0 : 1;
}

// Two tests with one name would run under one ctest entry; refuse them as GoogleTest does.
bool NamesAreUnique() {
  std::set<std::string> seen;
  for (const TestCase& test : Tests()) {
    if (!seen.insert(test.FullName()).second) {
      std::cerr << test.file << ":" << test.line << ": the test " << test.FullName() << " is defined twice\n";
      return false;
    }
  }
  return true;
}

}  // namespace

bool RegisterTest(const char* suite, const char* name, const char* file, int line, TestBody body) {
  Tests().push_back({suite, name, file, line, body});
  return true;
}

bool AddTestStartHook(void (*hook)()) {
  StartHooks().push_back(hook);
  return true;
}

void Failure::operator=(const Message& message) const { ReportFailure(file_, line_, what_, message.str()); }

}  // namespace test_framework

int main(int argc, char** argv) {
  using namespace test_framework;
  std::string filter = "*";
  bool list = false;
  bool run_disabled = false;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--gtest_list_tests") {
      list = true;
    } else if (arg == "--gtest_also_run_disabled_tests") {
      run_disabled = true;
    } else if (arg.starts_with("--gtest_filter=")) {
      filter = arg.substr(std::string_view("--gtest_filter=").size());
    } else {
      std::cerr << "unknown argument '" << arg
                << "': this harness takes --gtest_filter=PATTERNS, --gtest_list_tests and "
                   "--gtest_also_run_disabled_tests\n";
      return 2;
    }
  }
  if (!NamesAreUnique()) return 1;
  std::vector<const TestCase*> selected;
  for (const TestCase& test : Tests()) {
    if (Selected(filter, test.FullName())) selected.push_back(&test);
  }
  if (list) {
    ListTests(selected);  // disabled ones too: gtest_discover_tests adds them to ctest as disabled
    return 0;
  }
  if (!run_disabled) std::erase_if(selected, [](const TestCase* test) { return Disabled(*test); });
  if (selected.empty()) {
    std::cerr << "no test matches --gtest_filter=" << filter << "\n";
    return 1;
  }
  return RunTests(selected);
}
