// The fixture of the notification tests: a fresh database, a real SMTP server
// (tests/support/smtp_sink.h), the real server process mailing through it (director td,
// manual clock at 2030-01-07 09:00 UTC) and two players with addresses, White in Berlin.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/api_client.h"
#include "tests/support/server_process.h"
#include "tests/support/smtp_sink.h"
#include "tests/support/temp_database.h"

namespace corrchess::testing {

inline constexpr const char* kWhite = "white_player";
inline constexpr const char* kBlack = "black_player";
inline constexpr const char* kPublicUrl = "https://chess.example.org";

inline ServerEnv mail_env(const SmtpSink& sink, const ServerEnv& extra = {}) {
  ServerEnv env = {{"CORRCHESS_SMTP_URL", sink.url()},
                   {"CORRCHESS_SMTP_FROM", "corrchess@chess.example.org"},
                   {"CORRCHESS_PUBLIC_URL", kPublicUrl}};
  env.insert(env.end(), extra.begin(), extra.end());
  return director_env(true, env);
}

// The messages sent to `address` (envelope recipient).
inline nlohmann::json to(const nlohmann::json& mails, const std::string& address) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& m : mails) {
    if (m["rcpt"] == address) out.push_back(m);
  }
  return out;
}

inline std::vector<std::string> subjects(const nlohmann::json& mails) {
  std::vector<std::string> out;
  for (const auto& m : mails) out.push_back(m["subject"]);
  std::ranges::sort(out);
  return out;
}

inline bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

class MailTest : public ::testing::Test {
 protected:
  explicit MailTest(const ServerEnv& extra = {})
      : server_(db_.url(), mail_env(sink_, extra)), api_(server_) {}

  void SetUp() override {
    ASSERT_TRUE(sink_.started());
    ASSERT_TRUE(server_.started());
    td_ = api_.login(kDirector, kDirectorPassword);
    api_.set_clock(td_, "2030-01-07T09:00:00Z");
    white_ = api_.sign_up(kWhite);
    black_ = api_.sign_up(kBlack);
    api_.expect("PATCH", "/api/v1/me", white_,
                {{"display_name", "Wilma"},
                 {"email", "wilma@example.org"},
                 {"time_zone", "Europe/Berlin"}});
    api_.expect("PATCH", "/api/v1/me", black_,
                {{"display_name", "Björn"}, {"email", "bjorn@example.org"}});
  }

  // A challenge from White to Black (Black is told), accepted (both are told); the game id.
  std::string challenge_and_accept(const nlohmann::json& control) {
    auto c = api_.expect("POST", "/api/v1/challenges", white_,
                         {{"opponent", kBlack},
                          {"color", "white"},
                          {"time_control", control},
                          {"message", "Une partie ?"}},
                         201);
    auto accepted =
        api_.expect("POST", "/api/v1/challenges/" + c["id"].get<std::string>() + "/accept", black_,
                    nullptr, 201);
    return accepted["game"]["id"];
  }

  // Waits for `count` mails, then a little longer to see that no more come.
  nlohmann::json exactly(std::size_t count) {
    auto mails = sink_.wait_for(count);
    std::this_thread::sleep_for(std::chrono::milliseconds(2500));
    return sink_.messages();
  }

  TempDatabase db_{TempDatabase::Schema::migrated};
  SmtpSink sink_;
  ServerProcess server_;
  ApiClient api_;
  std::string td_, white_, black_;
};

}  // namespace corrchess::testing
