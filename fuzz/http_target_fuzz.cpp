// Request targets (api/http split_target, the router's input) and integer query parameters
// (api/json_body query_int). Properties: a target accepted has a path that starts with '/',
// holds exactly the raw path's slashes (an encoded slash never becomes a separator) and no
// control character, and query texts without control characters; query_int returns only
// values inside its bounds.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>

#include "api/http.h"
#include "api/json_body.h"
#include "fuzz/fuzz_support.h"

namespace {

using namespace corrchess;
using fuzz::require;

bool printable(const std::string& text) {
  for (char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7F) return false;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string target(fuzz::as_text(data, size));
  auto split = api::split_target(target);
  if (!split) return 0;
  const auto& [path, query] = *split;
  require(!path.empty() && path.front() == '/', "a path starts with '/'", target);
  const std::string raw_path = target.substr(0, target.find('?'));
  require(std::count(path.begin(), path.end(), '/') ==
              std::count(raw_path.begin(), raw_path.end(), '/'),
          "decoding adds no path separator", target);
  require(printable(path), "a path has no control character", target);
  api::Request request;
  request.path = path;
  request.query = query;
  for (const auto& [key, value] : query) {
    require(printable(key) && printable(value), "a query text has no control character", target);
    for (auto [lo, hi] : {std::pair{0, 100}, std::pair{-5, 5}, std::pair{1, 1'000'000}}) {
      auto number = api::query_int(request, key, lo, hi);
      require(!number || !*number || (**number >= lo && **number <= hi),
              "query_int stays inside its bounds", target);
    }
  }
  return 0;
}
