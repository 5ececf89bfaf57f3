// The version of this build: the project version from CMakeLists.txt, followed by
// "+g<commit>" (and ".dirty" for uncommitted changes) when the source tree was a git checkout
// at configure time, e.g. "0.1.0+g1a2b3c4".
#pragma once

#include <string_view>

namespace corrchess {

// The version string of this build (never empty).
std::string_view version();

}  // namespace corrchess
