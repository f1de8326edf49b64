// How a failed check shows a value: strings quoted and escaped, characters with their code, enums
// by name (an EnumToString found next to the enum, as sdkpp has) and number, optionals as (value)
// or (nullopt), ranges element by element, anything else through its operator<<.
#pragma once

#include <concepts>
#include <cstddef>
#include <iterator>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <type_traits>

namespace test_framework {

// `text` with quotes, backslashes and control bytes escaped as in a C++ literal.
std::string Escape(std::string_view text);

namespace print_detail {

template <class T>
concept Streamable = requires(std::ostream& out, const T& value) { out << value; };

template <class T>
concept NamedEnum = std::is_enum_v<T> && requires(T value) {
  { EnumToString(value) } -> std::convertible_to<std::string_view>;
};

template <class T>
concept Range = requires(const T& range) {
  std::begin(range);
  std::end(range);
};

template <class T>
concept Optional = requires(const T& value) {
  { value.has_value() } -> std::same_as<bool>;
  *value;
};

template <class T>
concept Character = std::is_same_v<T, char> || std::is_same_v<T, signed char> || std::is_same_v<T, unsigned char>;

}  // namespace print_detail

template <class T>
void Print(std::ostream& out, const T& value) {
  using namespace print_detail;
  if constexpr (std::is_same_v<T, bool>) {
    out << (value ? "true" : "false");
  } else if constexpr (Character<T>) {
    const char byte = static_cast<char>(value);
    out << '\'' << Escape(std::string_view(&byte, 1)) << "' (" << static_cast<int>(value) << ')';
  } else if constexpr (std::is_same_v<T, std::nullptr_t>) {
    out << "NULL";
  } else if constexpr (std::is_same_v<T, std::nullopt_t>) {
    out << "(nullopt)";
  } else if constexpr (Optional<T>) {
    if (!value.has_value()) {
      out << "(nullopt)";
      return;
    }
    out << '(';
    Print(out, *value);
    out << ')';
  } else if constexpr (std::is_convertible_v<const T&, std::string_view>) {
    if constexpr (std::is_pointer_v<T>) {
      if (value == nullptr) {
        out << "NULL";
        return;
      }
    }
    out << '"' << Escape(std::string_view(value)) << '"';
  } else if constexpr (std::is_enum_v<T>) {
    if constexpr (NamedEnum<T>) out << EnumToString(value) << " (";
    out << +static_cast<std::underlying_type_t<T>>(value);  // + shows a char-sized enum as a number
    if constexpr (NamedEnum<T>) out << ')';
  } else if constexpr (std::is_pointer_v<T>) {
    if (value == nullptr) {
      out << "NULL";
    } else {
      out << static_cast<const void*>(value);
    }
  } else if constexpr (Streamable<T>) {
    out << value;
  } else if constexpr (Range<T>) {
    out << '{';
    const char* separator = " ";
    for (const auto& element : value) {
      out << separator;
      Print(out, element);
      separator = ", ";
    }
    out << " }";
  } else {
    out << sizeof(T) << "-byte object with no printer";
  }
}

}  // namespace test_framework
