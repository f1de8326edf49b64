// What a message carries besides text (an attachment, a poll, ...), described for games that
// show only a placeholder for it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "sdkpp/detail/value_object.h"
#include "sdkpp/enums.h"

namespace sdkpp {

namespace detail {
struct AdditionalContentFields {
  AdditionalContentType type = AdditionalContentType::Other;
  std::optional<std::string> title;
  uint8_t count = 0;
};
}  // namespace detail

class AdditionalContent : public detail::ValueObject<detail::AdditionalContentFields> {
 public:
  static const AdditionalContent nullobj;
  AdditionalContent() = default;

  bool Equals(const AdditionalContent& other) const;
  static std::string TypeToString(AdditionalContentType type);

  AdditionalContentType Type() const;
  void SetType(AdditionalContentType value);
  std::optional<std::string> Title() const;
  void SetTitle(std::optional<std::string> value);
  uint8_t Count() const;
  void SetCount(uint8_t value);

 private:
  explicit AdditionalContent(std::nullptr_t) noexcept;
};

}  // namespace sdkpp
