// The words of a Web Push notification, taken from the message the mail carries (the same
// content goes to every channel): the subject as the title, the first paragraph after the
// greeting as the body, short enough for a phone's notification. Pure.
#pragma once

#include <cstddef>
#include <string>

#include "core/notify/compose.h"

namespace corrchess::notify {

inline constexpr std::size_t kPushBodyMaxBytes = 300;

struct PushText {
  std::string title;
  std::string body;
};

// Title: the subject. Body: the first paragraph of the text after "Hello <name>," with its
// lines joined by spaces, cut to kPushBodyMaxBytes at a character boundary (ending in "…").
PushText push_text(const Message& message);

}  // namespace corrchess::notify
