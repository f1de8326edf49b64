#include "sdkpp/additional_content.h"

namespace sdkpp {

const AdditionalContent AdditionalContent::nullobj{nullptr};
AdditionalContent::AdditionalContent(std::nullptr_t) noexcept : ValueObject(nullptr) {}

bool AdditionalContent::Equals(const AdditionalContent& other) const {
  return Type() == other.Type() && Title() == other.Title() && Count() == other.Count() &&
         static_cast<bool>(*this) == static_cast<bool>(other);
}
std::string AdditionalContent::TypeToString(AdditionalContentType type) { return EnumToString(type); }
AdditionalContentType AdditionalContent::Type() const { return Read().type; }
void AdditionalContent::SetType(AdditionalContentType value) {
  if (auto* f = Write()) f->type = value;
}
std::optional<std::string> AdditionalContent::Title() const { return Read().title; }
void AdditionalContent::SetTitle(std::optional<std::string> value) {
  if (auto* f = Write()) f->title = std::move(value);
}
uint8_t AdditionalContent::Count() const { return Read().count; }
void AdditionalContent::SetCount(uint8_t value) {
  if (auto* f = Write()) f->count = value;
}

}  // namespace sdkpp
