// The WSDL of the Xfcc service (GET /xfcc/XfccBasic.asmx?WSDL): exactly the operations,
// types and result codes api/xfcc_codec reads and writes.
#pragma once

#include <string>
#include <string_view>

namespace corrchess::api::xfcc {

// The WSDL document, with `location` (escaped) as the endpoint address.
std::string wsdl(std::string_view location);

}  // namespace corrchess::api::xfcc
