// Paths cross the API as UTF-8 (JS strings through N-API, the C++ API says so). A
// std::filesystem::path built from a plain std::string reads it in the ANSI code page on Windows,
// which turns any non-ASCII folder name into a different (or impossible) one; these build and
// print paths as UTF-8 on every OS, so Windows opens the file with its wide (UTF-16) name.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace sdkpp::util {

std::filesystem::path PathFromUtf8(std::string_view utf8);
std::string PathToUtf8(const std::filesystem::path& path);

}  // namespace sdkpp::util
