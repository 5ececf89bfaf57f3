// The Xfcc SOAP codec (api/xfcc_codec): any request body decodes to an operation or a Fault,
// never a crash or an exception. Properties: a fault encodes to well-formed XML; the texts
// of a decoded request (names, move, message) placed in a GetMyGames answer encode to
// well-formed XML that carries them unchanged; clean_text is idempotent. Seeds: SOAP
// envelopes as Scid sends them (fuzz/seeds/xfcc_codec).
#include <cstddef>
#include <cstdint>
#include <string>
#include <variant>

#include <pugixml.hpp>

#include "api/xfcc_codec.h"
#include "fuzz/fuzz_support.h"

namespace {

using namespace corrchess::api::xfcc;
using corrchess::fuzz::require;

pugi::xml_document parse_answer(const std::string& xml) {
  pugi::xml_document doc;
  auto ok = doc.load_buffer(xml.data(), xml.size(), pugi::parse_default | pugi::parse_ws_pcdata,
                            pugi::encoding_utf8);
  require(static_cast<bool>(ok), "an encoded answer is well-formed XML", xml);
  return doc;
}

// The text of the first element with this local name, anywhere below `node`.
std::string text_of(const pugi::xml_node& node, std::string_view local_name) {
  auto found = node.find_node([&](const pugi::xml_node& n) {
    std::string_view name = n.name();
    auto colon = name.find(':');
    return (colon == std::string_view::npos ? name : name.substr(colon + 1)) == local_name;
  });
  return found.text().get();
}

void check_games_answer(const Credentials& credentials, const std::string& moves,
                        const std::string& message) {
  Game game;
  game.id = 1;
  game.white = credentials.username;
  game.black = credentials.password;
  game.event = message;
  game.moves = moves;
  game.message = message;
  game.player = clock_left(static_cast<std::int64_t>(message.size()) * 3637);
  const std::string xml = encode_games({game});
  auto doc = parse_answer(xml);
  require(text_of(doc, "white") == game.white, "white name carried unchanged", xml);
  require(text_of(doc, "black") == game.black, "black name carried unchanged", xml);
  require(text_of(doc, "moves") == game.moves, "moves carried unchanged", xml);
  require(text_of(doc, "message") == game.message, "message carried unchanged", xml);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view body = corrchess::fuzz::as_text(data, size);
  const std::string cleaned = clean_text(body);
  require(clean_text(cleaned) == cleaned, "clean_text is idempotent");
  auto decoded = decode_request(body);
  if (!decoded) {
    parse_answer(encode_fault(decoded.error()));
    return 0;
  }
  if (const auto* get = std::get_if<GetMyGames>(&*decoded)) {
    check_games_answer(get->credentials, "", "");
  } else {
    const auto& move = std::get<MakeAMove>(*decoded);
    check_games_answer(move.credentials, move.my_move, move.my_message);
    parse_answer(encode_move_result(MoveResult::kSuccess));
  }
  return 0;
}
