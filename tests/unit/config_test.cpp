#include <gtest/gtest.h>

#include "server/config.h"

namespace corrchess::server {
namespace {

TEST(ParseListen, HostAndPort) {
  auto r = parse_listen("127.0.0.1:8080");
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->first, "127.0.0.1");
  EXPECT_EQ(r->second, 8080);
}

TEST(ParseListen, BracketedIpv6) {
  auto r = parse_listen("[::1]:9000");
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->first, "::1");
  EXPECT_EQ(r->second, 9000);
}

TEST(ParseListen, RejectsMalformed) {
  for (const char* bad : {"8080", ":8080", "host:", "host:http", "host:70000", "host:80x"}) {
    auto r = parse_listen(bad);
    EXPECT_FALSE(r.has_value()) << bad;
    if (!r) {
      EXPECT_EQ(r.error().code, ErrorCode::kValidationError);
    }
  }
}

}  // namespace
}  // namespace corrchess::server
