// The native harness's test framework: the subset of GoogleTest's macros native/test uses, with
// the same meaning, so that CMake's gtest_discover_tests and ctest drive it (see runner.cc for
// the command line). Kept in the repository so the harness needs nothing beyond CMake and a C++20
// compiler.
//
//   TEST(Suite, Name) { ... }                  a test; Suite.Name is its ctest name
//   EXPECT_EQ(a, b) << "context";              a failed EXPECT_* records a failure and goes on
//   ASSERT_TRUE(x) << "context";               a failed ASSERT_* also returns from the function
//   EXPECT_/ASSERT_ EQ NE LT LE GT GE TRUE FALSE STREQ FLOAT_EQ, ADD_FAILURE(), SUCCEED()
//   test_framework::AddTestStartHook(fn)       runs fn before every test
#pragma once

#include <sstream>
#include <string>
#include <utility>

#include "framework/print.h"

namespace test_framework {

using TestBody = void (*)();

// Both return true so that a namespace-scope `const bool` can call them during static
// initialisation, before main() runs the tests.
bool RegisterTest(const char* suite, const char* name, const char* file, int line, TestBody body);
bool AddTestStartHook(void (*hook)());

// The text streamed after a check (`EXPECT_EQ(a, b) << "row " << i`), shown when it fails.
class Message {
 public:
  template <class T>
  Message& operator<<(const T& value) {
    text_ << value;
    return *this;
  }
  std::string str() const { return text_.str(); }

 private:
  std::ostringstream text_;
};

// A failed check at file:line. Assigning the message reports it and marks the running test as
// failed; the assignment yields void so that ASSERT_* can `return` it from a void function.
class Failure {
 public:
  Failure(const char* file, int line, std::string what) : file_(file), line_(line), what_(std::move(what)) {}
  void operator=(const Message& message) const;

 private:
  const char* file_;
  int line_;
  std::string what_;
};

// What a check found: whether it passed and, when not, what to say.
struct Outcome {
  bool passed;
  std::string what;
  explicit operator bool() const { return passed; }
};

template <class T>
std::string Show(const T& value) {
  std::ostringstream out;
  Print(out, value);
  return out.str();
}

// "text\n    Which is: value", leaving out the second line when the text already is the value
// (a literal), as GoogleTest does.
std::string Operand(const char* text, const std::string& shown);

Outcome CheckBool(bool actual, bool expected, const char* text);
Outcome CheckStrEq(const char* a_text, const char* b_text, const char* a, const char* b);
Outcome CheckFloatEq(const char* a_text, const char* b_text, float a, float b);

template <class A, class B>
Outcome CheckEq(const char* a_text, const char* b_text, const A& a, const B& b) {
  if (a == b) return {true, {}};
  return {false, "Expected equality of these values:\n  " + Operand(a_text, Show(a)) + "\n  " +
                     Operand(b_text, Show(b))};
}

template <class A, class B, class Compare>
Outcome CheckRelation(const char* op, const char* a_text, const char* b_text, const A& a, const B& b,
                      Compare holds) {
  if (holds(a, b)) return {true, {}};
  return {false, std::string("Expected: (") + a_text + ") " + op + " (" + b_text + "), actual: " + Show(a) +
                     " vs " + Show(b)};
}

}  // namespace test_framework

// The `switch` keeps a caller's `if (...) EXPECT_X(...); else ...` unambiguous; the `if` lets the
// caller stream a message into the failure, which is only built when the check failed.
#define TEST_FRAMEWORK_CHECK_(outcome, on_failure)                                               \
  switch (0)                                                                                     \
  case 0:                                                                                        \
  default:                                                                                       \
    if (::test_framework::Outcome test_framework_outcome_ = (outcome)) {                         \
    } else                                                                                       \
      on_failure ::test_framework::Failure(__FILE__, __LINE__, std::move(test_framework_outcome_.what)) = \
          ::test_framework::Message()

#define TEST_FRAMEWORK_EXPECT_(outcome) TEST_FRAMEWORK_CHECK_(outcome, )
#define TEST_FRAMEWORK_ASSERT_(outcome) TEST_FRAMEWORK_CHECK_(outcome, return)

#define TEST_FRAMEWORK_RELATION_(op, a, b) \
  ::test_framework::CheckRelation(#op, #a, #b, a, b, [](const auto& x, const auto& y) { return x op y; })

#define TEST(suite, name)                                                                          \
  static void suite##_##name##_Test();                                                             \
  [[maybe_unused]] static const bool suite##_##name##_registered =                                 \
      ::test_framework::RegisterTest(#suite, #name, __FILE__, __LINE__, &suite##_##name##_Test); \
  static void suite##_##name##_Test()

#define EXPECT_TRUE(condition) \
  TEST_FRAMEWORK_EXPECT_(::test_framework::CheckBool(static_cast<bool>(condition), true, #condition))
#define EXPECT_FALSE(condition) \
  TEST_FRAMEWORK_EXPECT_(::test_framework::CheckBool(static_cast<bool>(condition), false, #condition))
#define EXPECT_EQ(a, b) TEST_FRAMEWORK_EXPECT_(::test_framework::CheckEq(#a, #b, a, b))
#define EXPECT_NE(a, b) TEST_FRAMEWORK_EXPECT_(TEST_FRAMEWORK_RELATION_(!=, a, b))
#define EXPECT_LT(a, b) TEST_FRAMEWORK_EXPECT_(TEST_FRAMEWORK_RELATION_(<, a, b))
#define EXPECT_LE(a, b) TEST_FRAMEWORK_EXPECT_(TEST_FRAMEWORK_RELATION_(<=, a, b))
#define EXPECT_GT(a, b) TEST_FRAMEWORK_EXPECT_(TEST_FRAMEWORK_RELATION_(>, a, b))
#define EXPECT_GE(a, b) TEST_FRAMEWORK_EXPECT_(TEST_FRAMEWORK_RELATION_(>=, a, b))
#define EXPECT_STREQ(a, b) TEST_FRAMEWORK_EXPECT_(::test_framework::CheckStrEq(#a, #b, a, b))
#define EXPECT_FLOAT_EQ(a, b) TEST_FRAMEWORK_EXPECT_(::test_framework::CheckFloatEq(#a, #b, a, b))

#define ASSERT_TRUE(condition) \
  TEST_FRAMEWORK_ASSERT_(::test_framework::CheckBool(static_cast<bool>(condition), true, #condition))
#define ASSERT_FALSE(condition) \
  TEST_FRAMEWORK_ASSERT_(::test_framework::CheckBool(static_cast<bool>(condition), false, #condition))
#define ASSERT_EQ(a, b) TEST_FRAMEWORK_ASSERT_(::test_framework::CheckEq(#a, #b, a, b))
#define ASSERT_NE(a, b) TEST_FRAMEWORK_ASSERT_(TEST_FRAMEWORK_RELATION_(!=, a, b))
#define ASSERT_LT(a, b) TEST_FRAMEWORK_ASSERT_(TEST_FRAMEWORK_RELATION_(<, a, b))
#define ASSERT_LE(a, b) TEST_FRAMEWORK_ASSERT_(TEST_FRAMEWORK_RELATION_(<=, a, b))
#define ASSERT_GT(a, b) TEST_FRAMEWORK_ASSERT_(TEST_FRAMEWORK_RELATION_(>, a, b))
#define ASSERT_GE(a, b) TEST_FRAMEWORK_ASSERT_(TEST_FRAMEWORK_RELATION_(>=, a, b))
#define ASSERT_STREQ(a, b) TEST_FRAMEWORK_ASSERT_(::test_framework::CheckStrEq(#a, #b, a, b))
#define ASSERT_FLOAT_EQ(a, b) TEST_FRAMEWORK_ASSERT_(::test_framework::CheckFloatEq(#a, #b, a, b))

// A failure with no condition (the test goes on); SUCCEED() only documents that reaching it is
// the test, as in GoogleTest. Both take a streamed message.
#define ADD_FAILURE() ::test_framework::Failure(__FILE__, __LINE__, "Failed") = ::test_framework::Message()
#define SUCCEED() ::test_framework::Message()
