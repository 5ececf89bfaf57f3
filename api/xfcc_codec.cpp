#include "api/xfcc_codec.h"

#include <charconv>
#include <map>
#include <optional>
#include <sstream>

#include <pugixml.hpp>

#include "core/text.h"

namespace corrchess::api::xfcc {

namespace {

Fault client_fault(std::string message) { return Fault{Fault::Code::kClient, std::move(message)}; }

std::string_view trim(std::string_view s) {
  const auto first = s.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return {};
  const auto last = s.find_last_not_of(" \t\r\n");
  return s.substr(first, last - first + 1);
}

using text::append_utf8;
using text::utf8_sequence;
using text::valid_utf8;

// ---- namespaces (pugixml keeps qualified names as written) ----

std::string_view local_name(const pugi::xml_node& node) {
  std::string_view name = node.name();
  const auto colon = name.find(':');
  return colon == std::string_view::npos ? name : name.substr(colon + 1);
}

// The namespace URI of an element's name: the nearest declaration of its prefix (or of the
// default namespace), "" when there is none.
std::string_view namespace_of(const pugi::xml_node& node) {
  std::string_view name = node.name();
  const auto colon = name.find(':');
  const std::string attribute =
      colon == std::string_view::npos ? "xmlns" : "xmlns:" + std::string(name.substr(0, colon));
  for (auto n = node; n && n.type() == pugi::node_element; n = n.parent()) {
    if (auto a = n.attribute(attribute.c_str())) return a.value();
  }
  return {};
}

// The namespace URI of an attribute (unprefixed attributes have none).
std::string_view attribute_namespace(const pugi::xml_node& owner, const pugi::xml_attribute& a) {
  std::string_view name = a.name();
  const auto colon = name.find(':');
  if (colon == std::string_view::npos) return {};
  const std::string declaration = "xmlns:" + std::string(name.substr(0, colon));
  for (auto n = owner; n && n.type() == pugi::node_element; n = n.parent()) {
    if (auto d = n.attribute(declaration.c_str())) return d.value();
  }
  return {};
}

std::vector<pugi::xml_node> element_children(const pugi::xml_node& node) {
  std::vector<pugi::xml_node> out;
  for (auto child : node.children()) {
    if (child.type() == pugi::node_element) out.push_back(child);
  }
  return out;
}

// The parameters of an operation element: local name -> text, for children in the
// operation's namespace or unqualified.
std::expected<std::map<std::string, std::string>, Fault> parameters(const pugi::xml_node& op) {
  std::map<std::string, std::string> out;
  for (const auto& child : element_children(op)) {
    const auto ns = namespace_of(child);
    if (!ns.empty() && ns != kNamespace) continue;
    const std::string name(local_name(child));
    if (!element_children(child).empty()) {
      return std::unexpected(client_fault("parameter " + name + " must be text"));
    }
    // The parameter's whole text: every text and CDATA section, in order (comments and
    // processing instructions are not text). Reading only the first would take
    // "<password>RIGHT<!--c-->junk</password>" for RIGHT.
    std::string whole;
    for (auto part : child.children()) {
      if (part.type() == pugi::node_pcdata || part.type() == pugi::node_cdata) {
        whole += part.value();
      }
    }
    if (!out.emplace(name, clean_text(whole)).second) {
      return std::unexpected(client_fault("parameter " + name + " is given twice"));
    }
  }
  return out;
}

std::string param(const std::map<std::string, std::string>& p, const char* name) {
  auto it = p.find(name);
  return it == p.end() ? std::string{} : it->second;
}

std::expected<bool, Fault> boolean_param(const std::map<std::string, std::string>& p,
                                         const char* name) {
  auto it = p.find(name);
  if (it == p.end() || trim(it->second).empty()) return false;
  return parse_boolean(it->second, name);
}

std::expected<std::int64_t, Fault> integer_param(const std::map<std::string, std::string>& p,
                                                 const char* name, std::int64_t min,
                                                 std::int64_t max) {
  auto it = p.find(name);
  if (it == p.end()) return std::unexpected(client_fault(std::string("missing ") + name));
  auto text = trim(it->second);
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  std::int64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc{} || end != text.data() + text.size() || value < min ||
      value > max) {
    return std::unexpected(client_fault(std::string(name) + " must be an integer"));
  }
  return value;
}

Credentials credentials(const std::map<std::string, std::string>& p) {
  return Credentials{param(p, "username"), param(p, "password")};
}

std::expected<Operation, Fault> decode_make_a_move(const std::map<std::string, std::string>& p) {
  MakeAMove m;
  m.credentials = credentials(p);
  TRY_LET(id, integer_param(p, "gameId", INT64_MIN, INT64_MAX));
  m.game_id = *id;
  for (auto [name, field] :
       {std::pair{"resign", &m.resign}, std::pair{"acceptDraw", &m.accept_draw},
        std::pair{"offerDraw", &m.offer_draw}, std::pair{"claimDraw", &m.claim_draw}}) {
    TRY_LET(value, boolean_param(p, name));
    *field = *value;
  }
  // A resignation or an acceptance ignores movecount (docs/api.md "MakeAMove"): missing or
  // unreadable, it refuses nothing then.
  auto movecount = integer_param(p, "movecount", INT32_MIN, INT32_MAX);
  if (!movecount && !m.resign && !m.accept_draw) return std::unexpected(movecount.error());
  m.movecount = movecount ? static_cast<int>(*movecount) : 0;
  m.my_move = std::string(trim(param(p, "myMove")));
  m.my_message = param(p, "myMessage");
  return m;
}

// ---- writing ----

class StringWriter final : public pugi::xml_writer {
 public:
  void write(const void* data, std::size_t size) override {
    out.append(static_cast<const char*>(data), size);
  }
  std::string out;
};

// A document holding an envelope; returns its body element.
pugi::xml_node envelope(pugi::xml_document& doc) {
  auto decl = doc.append_child(pugi::node_declaration);
  decl.append_attribute("version") = "1.0";
  decl.append_attribute("encoding") = "utf-8";
  auto env = doc.append_child("soap:Envelope");
  env.append_attribute("xmlns:soap") = std::string(kSoapNamespace).c_str();
  env.append_attribute("xmlns:xsi") = "http://www.w3.org/2001/XMLSchema-instance";
  env.append_attribute("xmlns:xsd") = "http://www.w3.org/2001/XMLSchema";
  return env.append_child("soap:Body");
}

// The operation's answer element, its children in the default namespace (clients match
// `xmlns="..."` with double quotes and unprefixed children).
pugi::xml_node response_element(pugi::xml_node body, const char* name) {
  auto r = body.append_child(name);
  r.append_attribute("xmlns") = std::string(kNamespace).c_str();
  return r;
}

// Raw (no indentation), no self-closing tags: clients cut the answer with regular
// expressions that look for `<GetMyGamesResult>`.
std::string serialize(const pugi::xml_document& doc) {
  StringWriter writer;
  doc.save(writer, "", pugi::format_raw | pugi::format_no_empty_element_tags, pugi::encoding_utf8);
  return writer.out;
}

void add(pugi::xml_node parent, const char* name, std::string_view text) {
  parent.append_child(name).text().set(std::string(text).c_str());
}
void add(pugi::xml_node parent, const char* name, std::int64_t value) {
  add(parent, name, std::to_string(value));
}
void add_bool(pugi::xml_node parent, const char* name, bool value) {
  add(parent, name, value ? "true" : "false");  // lowercase: "True" swaps Scid's clocks
}

}  // namespace

std::string_view to_string(MoveResult result) {
  switch (result) {
    case MoveResult::kSuccess: return "Success";
    case MoveResult::kServerError: return "ServerError";
    case MoveResult::kAuthenticationFailed: return "AuthenticationFailed";
    case MoveResult::kInvalidGameId: return "InvalidGameID";
    case MoveResult::kNotYourGame: return "NotYourGame";
    case MoveResult::kNotYourTurn: return "NotYourTurn";
    case MoveResult::kInvalidMoveNumber: return "InvalidMoveNumber";
    case MoveResult::kInvalidMove: return "InvalidMove";
    case MoveResult::kNoDrawWasOffered: return "NoDrawWasOffered";
    case MoveResult::kLostOnTime: return "LostOnTime";
    case MoveResult::kYouAreOnLeave: return "YouAreOnLeave";
    case MoveResult::kMoveIsAmbigous: return "MoveIsAmbigous";
  }
  return "ServerError";
}

std::string_view to_string(GameResult result) {
  switch (result) {
    case GameResult::kOngoing: return "Ongoing";
    case GameResult::kWhiteWins: return "WhiteWins";
    case GameResult::kBlackWins: return "BlackWins";
    case GameResult::kDraw: return "Draw";
    case GameResult::kWhiteWinAdjudicated: return "WhiteWinAdjudicated";
    case GameResult::kBlackWinAdjudicated: return "BlackWinAdjudicated";
    case GameResult::kDrawAdjudicated: return "DrawAdjudicated";
    case GameResult::kWhiteDefaulted: return "WhiteDefaulted";
    case GameResult::kBlackDefaulted: return "BlackDefaulted";
    case GameResult::kBothDefaulted: return "BothDefaulted";
    case GameResult::kCancelled: return "Cancelled";
    case GameResult::kAdjudicationPending: return "AdjudicationPending";
  }
  return "Ongoing";
}

std::string clean_text(std::string_view bytes) {
  std::string out;
  out.reserve(bytes.size());
  const bool utf8 = valid_utf8(bytes);
  for (std::size_t i = 0; i < bytes.size();) {
    char32_t cp = 0;
    if (utf8) {
      i += utf8_sequence(bytes, i, cp);
    } else {
      cp = static_cast<unsigned char>(bytes[i++]);  // Latin-1: byte = code point
    }
    if (cp == '\r') {
      if (i < bytes.size() && bytes[i] == '\n') continue;  // CR LF -> LF
      cp = '\n';
    }
    if (text::allowed(cp, text::Kind::kMultiline)) append_utf8(out, cp);
  }
  return out;
}

std::expected<bool, Fault> parse_boolean(std::string_view text, std::string_view field) {
  const auto t = trim(text);
  if (t == "true" || t == "1") return true;
  if (t == "false" || t == "0") return false;
  return std::unexpected(client_fault(std::string(field) + " must be true, false, 1 or 0"));
}

std::expected<Operation, Fault> decode_request(std::string_view body) {
  if (body.size() > kMaxRequestBytes) {
    return std::unexpected(
        client_fault("the request is larger than " + std::to_string(kMaxRequestBytes) + " bytes"));
  }
  pugi::xml_document doc;
  const auto parsed = doc.load_buffer(
      body.data(), body.size(), pugi::parse_default | pugi::parse_doctype, pugi::encoding_auto);
  if (!parsed) {
    return std::unexpected(client_fault(std::string("the request is not well-formed XML: ") +
                                        parsed.description() + " at byte " +
                                        std::to_string(parsed.offset)));
  }
  for (auto node : doc.children()) {
    if (node.type() == pugi::node_doctype) {
      return std::unexpected(client_fault("document type declarations (DTDs) are not accepted"));
    }
  }
  const auto root = doc.document_element();
  if (local_name(root) != "Envelope") {
    return std::unexpected(client_fault("the request is not a SOAP envelope"));
  }
  if (namespace_of(root) != kSoapNamespace) {
    return std::unexpected(
        Fault{Fault::Code::kVersionMismatch,
              "only SOAP 1.1 envelopes (" + std::string(kSoapNamespace) + ") are understood"});
  }
  std::optional<pugi::xml_node> soap_body;
  for (const auto& part : element_children(root)) {
    if (namespace_of(part) != kSoapNamespace) continue;
    if (local_name(part) == "Header") {
      for (const auto& block : element_children(part)) {
        for (auto a : block.attributes()) {
          const std::string_view value = a.value();
          if (std::string_view(a.name()).ends_with("mustUnderstand") &&
              attribute_namespace(block, a) == kSoapNamespace &&
              (value == "1" || value == "true")) {
            return std::unexpected(
                Fault{Fault::Code::kMustUnderstand,
                      "header " + std::string(local_name(block)) + " is not understood"});
          }
        }
      }
    } else if (local_name(part) == "Body") {
      soap_body = part;
    }
  }
  if (!soap_body) return std::unexpected(client_fault("the envelope has no Body"));
  const auto ops = element_children(*soap_body);
  if (ops.size() != 1) {
    return std::unexpected(client_fault("the Body must hold exactly one operation"));
  }
  const auto& op = ops.front();
  const std::string name(local_name(op));
  if (namespace_of(op) != kNamespace) {
    return std::unexpected(
        client_fault("operation " + name + " is not in the namespace " + std::string(kNamespace)));
  }
  TRY_LET(p, parameters(op));
  if (name == "GetMyGames") return GetMyGames{credentials(*p)};
  if (name == "MakeAMove") return decode_make_a_move(*p);
  if (name == "MakeAMove2") {
    return std::unexpected(
        client_fault("MakeAMove2 is not supported by this server: use MakeAMove (see the WSDL)"));
  }
  return std::unexpected(client_fault("unknown operation " + name));
}

GameResult game_result(game::GameStatus status, std::optional<game::GameResult> result,
                       std::optional<game::Termination> termination) {
  switch (status) {
    case game::GameStatus::kNotStarted:
    case game::GameStatus::kOngoing: return GameResult::kOngoing;
    case game::GameStatus::kAdjudicationPending: return GameResult::kAdjudicationPending;
    case game::GameStatus::kAnnulled: return GameResult::kCancelled;
    case game::GameStatus::kFinished: break;
  }
  if (!result) return GameResult::kOngoing;
  const bool adjudicated = termination == game::Termination::kAdjudication;
  const bool by_default = termination == game::Termination::kDefault;
  switch (*result) {
    case game::GameResult::kDoubleDefault: return GameResult::kBothDefaulted;
    case game::GameResult::kWhiteWins:
      if (adjudicated) return GameResult::kWhiteWinAdjudicated;
      return by_default ? GameResult::kBlackDefaulted : GameResult::kWhiteWins;
    case game::GameResult::kBlackWins:
      if (adjudicated) return GameResult::kBlackWinAdjudicated;
      return by_default ? GameResult::kWhiteDefaulted : GameResult::kBlackWins;
    case game::GameResult::kDraw:
      return adjudicated ? GameResult::kDrawAdjudicated : GameResult::kDraw;
  }
  return GameResult::kOngoing;
}

ClockLeft clock_left(std::int64_t seconds) {
  if (seconds < 0) seconds = 0;
  return ClockLeft{seconds / 86400, static_cast<int>(seconds % 86400 / 3600),
                   static_cast<int>(seconds % 3600 / 60)};
}

std::string encode_games(const std::vector<Game>& games) {
  pugi::xml_document doc;
  auto result =
      response_element(envelope(doc), "GetMyGamesResponse").append_child("GetMyGamesResult");
  for (const auto& g : games) {
    auto x = result.append_child("XfccGame");
    add(x, "id", g.id);
    add(x, "white", g.white);
    add(x, "black", g.black);
    add(x, "event", g.event);
    add(x, "site", g.site);
    add_bool(x, "myTurn", g.my_turn);
    add_bool(x, "hasWhite", g.has_white);
    add(x, "daysPlayer", g.player.days);
    add(x, "hoursPlayer", g.player.hours);
    add(x, "minutesPlayer", g.player.minutes);
    add(x, "daysOpponent", g.opponent.days);
    add(x, "hoursOpponent", g.opponent.hours);
    add(x, "minutesOpponent", g.opponent.minutes);
    add(x, "moves", g.moves);
    add_bool(x, "drawOffered", g.draw_offered);
    add(x, "result", to_string(g.result));
    add(x, "message", g.message);
    add(x, "serverInfo", g.server_info);
    add(x, "gameLink", g.game_link);
    add(x, "eventDate", g.event_date);
    if (g.white_elo) add(x, "whiteElo", *g.white_elo);
    if (g.black_elo) add(x, "blackElo", *g.black_elo);
    add(x, "timeControl", g.time_control);
    if (g.round) add(x, "round", *g.round);
    add_bool(x, "setup", g.setup);
    add(x, "fen", g.fen);
    add(x, "variant", g.variant);
    if (g.white_country) add(x, "whiteCountry", *g.white_country);
    if (g.black_country) add(x, "blackCountry", *g.black_country);
  }
  return serialize(doc);
}

std::string encode_move_result(MoveResult result) {
  pugi::xml_document doc;
  auto r = response_element(envelope(doc), "MakeAMoveResponse");
  add(r, "MakeAMoveResult", to_string(result));
  return serialize(doc);
}

std::string encode_fault(const Fault& fault) {
  pugi::xml_document doc;
  auto f = envelope(doc).append_child("soap:Fault");
  const char* code = "soap:Client";
  switch (fault.code) {
    case Fault::Code::kClient: code = "soap:Client"; break;
    case Fault::Code::kServer: code = "soap:Server"; break;
    case Fault::Code::kVersionMismatch: code = "soap:VersionMismatch"; break;
    case Fault::Code::kMustUnderstand: code = "soap:MustUnderstand"; break;
  }
  add(f, "faultcode", code);
  add(f, "faultstring", clean_text(fault.message));
  return serialize(doc);
}

MoveResult move_result_for(ErrorCode code, Action action, bool lost_on_time) {
  switch (code) {
    case ErrorCode::kNotFound: return MoveResult::kInvalidGameId;
    case ErrorCode::kForbidden: return MoveResult::kNotYourGame;
    case ErrorCode::kUnauthorized: return MoveResult::kAuthenticationFailed;
    case ErrorCode::kNotYourTurn:
    case ErrorCode::kGameNotStarted: return MoveResult::kNotYourTurn;
    case ErrorCode::kGameOver:
      return lost_on_time ? MoveResult::kLostOnTime : MoveResult::kNotYourTurn;
    case ErrorCode::kStaleGame: return MoveResult::kInvalidMoveNumber;
    case ErrorCode::kOnLeave: return MoveResult::kYouAreOnLeave;
    case ErrorCode::kAmbiguousMove: return MoveResult::kMoveIsAmbigous;
    case ErrorCode::kInvalidNotation:
    case ErrorCode::kIllegalMove:
    case ErrorCode::kClaimNotAllowed:
    case ErrorCode::kAbortNotAllowed:
    case ErrorCode::kValidationError: return MoveResult::kInvalidMove;
    case ErrorCode::kNoDrawOffer: return MoveResult::kNoDrawWasOffered;
    case ErrorCode::kDrawOfferNotAllowed:
      // Accepting before both sides moved, or offering against the event's draw rules.
      return action == Action::kAcceptDraw ? MoveResult::kNoDrawWasOffered
                                           : MoveResult::kInvalidMove;
    case ErrorCode::kInvalidFen:
    case ErrorCode::kInvalidPgn:
    case ErrorCode::kUnsupportedVariant:
    case ErrorCode::kConflict:
    case ErrorCode::kNoPendingMove:
    case ErrorCode::kPendingMismatch:
    case ErrorCode::kTablebaseUnavailable:
    case ErrorCode::kLeaveNotAllowed:
    case ErrorCode::kLeaveExceedsAllowance:
    case ErrorCode::kPayloadTooLarge:
    case ErrorCode::kUnsupportedMediaType:
    case ErrorCode::kRateLimited:
    case ErrorCode::kTooManyChallenges:
    case ErrorCode::kTooManyGames:
    case ErrorCode::kChallengeClosed:
    case ErrorCode::kRatingOutOfRange:
    case ErrorCode::kMethodNotAllowed:
    case ErrorCode::kUnavailable:
    case ErrorCode::kPushNotConfigured:
    case ErrorCode::kCommitOutcomeUnknown:
    case ErrorCode::kInternal: return MoveResult::kServerError;
  }
  return MoveResult::kServerError;
}

}  // namespace corrchess::api::xfcc
