#include "core/notify/push_text.h"

namespace corrchess::notify {

PushText push_text(const Message& message) {
  const std::string& text = message.text;
  std::size_t start = 0;
  if (text.starts_with("Hello ")) {
    const auto greeting_end = text.find("\n\n");
    start = greeting_end == std::string::npos ? text.size() : greeting_end + 2;
  }
  const auto end = text.find("\n\n", start);
  std::string body = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
  while (!body.empty() && body.back() == '\n') body.pop_back();
  for (char& c : body) {
    if (c == '\n') c = ' ';
  }
  if (body.size() > kPushBodyMaxBytes) {
    const std::string ellipsis = "\xE2\x80\xA6";
    std::size_t cut = kPushBodyMaxBytes - ellipsis.size();
    // Back to the first byte of a UTF-8 sequence.
    while (cut > 0 && (static_cast<unsigned char>(body[cut]) & 0xC0) == 0x80) --cut;
    body = body.substr(0, cut) + ellipsis;
  }
  return {message.subject, body};
}

}  // namespace corrchess::notify
