#include "io/url_opener.h"

namespace sdkpp {

void UrlOpener::Open(const std::string& url, std::string_view purpose) {
  Opened& slot = recent_[next_];
  next_ = (next_ + 1) % recent_.size();
  slot = Opened{url, std::string(purpose)};
  logger_.Log(LoggingSeverity::Info, slot.purpose + ": opening " + url);
  if (!platform_.OpenUrl(url)) Warn(slot, "the platform could not open it");
}

bool UrlOpener::OnNotOpened(const std::string& url, std::string_view reason) {
  for (const Opened& opened : recent_) {
    if (!opened.url.empty() && opened.url == url) {
      // The host's reason is short text of its own; bounded all the same.
      Warn(opened, reason.substr(0, 200));
      return logger_.HasCallbackFor(LoggingSeverity::Warning);
    }
  }
  return false;
}

void UrlOpener::Warn(const Opened& opened, std::string_view reason) {
  logger_.Log(LoggingSeverity::Warning, opened.purpose + ": no browser could be opened (" + std::string(reason) +
                                            "). Open this address in a browser to continue: " + opened.url);
}

}  // namespace sdkpp
