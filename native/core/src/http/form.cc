#include "http/form.h"

#include "util/uri.h"

namespace sdkpp::http {

FormBody& FormBody::Add(std::string_view name, std::string_view value) {
  if (!body_.empty()) body_ += '&';
  body_ += uri::PercentEncode(name);
  body_ += '=';
  body_ += uri::PercentEncode(value);
  return *this;
}

}  // namespace sdkpp::http
