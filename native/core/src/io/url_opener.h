// Opens a page for the player (the authorize page, the device activation page) through the
// platform, and when that fails says so at Warning with the address to open by hand. A player
// whose machine cannot open a browser (a script over SSH, a container, a desktop without an
// opener) would otherwise wait for the flow's timeout with nothing said. The failure may come
// at once (OpenUrl answers false) or later, from the host (PlatformEvents::OnUrlNotOpened, e.g.
// the system opener is missing or exits with an error).
#pragma once

#include <array>
#include <string>
#include <string_view>

#include "logging/logger.h"
#include "sdkpp/platform.h"

namespace sdkpp {

class UrlOpener {
 public:
  UrlOpener(Platform& platform, logging::Logger& logger) : platform_(platform), logger_(logger) {}

  // `purpose` starts the log lines ("Authorize", "GetTokenFromDevice").
  void Open(const std::string& url, std::string_view purpose);
  // The host's late answer: `url` could not be opened because of `reason`. Only a URL this
  // opener asked for recently is reported (the host's text is not trusted to be one). True when
  // an app's log callback was given the Warning: the host need not tell the user another way.
  bool OnNotOpened(const std::string& url, std::string_view reason);

 private:
  struct Opened {
    std::string url;
    std::string purpose;
  };
  void Warn(const Opened& opened, std::string_view reason);

  Platform& platform_;
  logging::Logger& logger_;
  // The last few pages opened: a flow opens one at a time, a second flow may overlap it.
  std::array<Opened, 4> recent_{};
  size_t next_ = 0;
};

}  // namespace sdkpp
