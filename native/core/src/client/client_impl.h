// The state behind a Client handle.
#pragma once

#include <cstdint>

#include "client/service_endpoints.h"
#include "logging/logger.h"
#include "sdkpp/client_create_options.h"

namespace sdkpp {

class ClientImpl {
 public:
  explicit ClientImpl(const ClientCreateOptions& options);

  uint64_t application_id() const { return application_id_; }
  void set_application_id(uint64_t id) { application_id_ = id; }
  const ServiceEndpoints& endpoints() const { return endpoints_; }
  logging::Logger& logger() { return logger_; }

 private:
  uint64_t application_id_ = 0;
  ServiceEndpoints endpoints_;
  logging::Logger logger_;
};

}  // namespace sdkpp
