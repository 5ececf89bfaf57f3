#include "core/version.h"

#ifndef CORRCHESS_VERSION
#error "CORRCHESS_VERSION is set by CMakeLists.txt"
#endif

namespace corrchess {

std::string_view version() { return CORRCHESS_VERSION; }

}  // namespace corrchess
