#include "client/client_impl.h"

namespace sdkpp {

ClientImpl::ClientImpl(const ClientCreateOptions& options)
    : endpoints_(ServiceEndpoints::Resolve(options.ApiBase(), options.WebBase())) {}

}  // namespace sdkpp
