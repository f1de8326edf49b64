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

// What a message holds that the SDK cannot show as text: attachments, a poll, a voice message, a
// thread, embeds, stickers (MessageHandle::AdditionalContent). A value object: its setters store
// what they are given.
class AdditionalContent : public detail::ValueObject<detail::AdditionalContentFields> {
 public:
  // The invalid AdditionalContent (the null object): operator bool false, every getter answers its
  // default.
  static const AdditionalContent nullobj;
  // A valid AdditionalContent with every field at its default; set the fields with the setters.
  AdditionalContent() = default;

  // True when type, title and count are equal (and both are valid or both nullobj).
  bool Equals(const AdditionalContent& other) const;
  // The name of an AdditionalContentType value ("Poll"); "unknown" for a value not in the enum.
  static std::string TypeToString(AdditionalContentType type);

  // What kind of content (Other by default).
  AdditionalContentType Type() const;
  void SetType(AdditionalContentType value);
  // A title for the content (a poll's question, a file's name), if any; std::nullopt clears it.
  std::optional<std::string> Title() const;
  void SetTitle(std::optional<std::string> value);
  // How many items (files, stickers, embeds): 0 to 255.
  uint8_t Count() const;
  void SetCount(uint8_t value);

 private:
  explicit AdditionalContent(std::nullptr_t) noexcept;
};

}  // namespace sdkpp
