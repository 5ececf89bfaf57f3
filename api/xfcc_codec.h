// The Xfcc web service's SOAP 1.1 codec (docs/api.md "Xfcc"): requests decoded from XML to
// typed values, answers and faults encoded as the desktop clients (Scid, ChessBase, Lucas
// Chess) read them, and the mapping of corrchess error codes to Xfcc result codes (the WSDL
// is api/xfcc_wsdl). Pure: no database, no HTTP; the SOAP adapter is api/xfcc.cpp.
//
// Parsing uses pugixml (never string search). A document type declaration (and with it any
// entity definition) is refused, bodies over kMaxRequestBytes are refused, and every
// malformed request decodes to a Fault, never an exception.
#pragma once

#include <cstddef>
#include <cstdint>
#include <expected>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/error.h"
#include "core/game/facts.h"

namespace corrchess::api::xfcc {

// The operations' namespace (XfccBasic, as every Xfcc server and client uses it).
inline constexpr std::string_view kNamespace = "http://www.bennedik.com/webservices/XfccBasic";
// The SOAP 1.1 envelope namespace.
inline constexpr std::string_view kSoapNamespace = "http://schemas.xmlsoap.org/soap/envelope/";
// Content type of every answer (the WSDL included).
inline constexpr std::string_view kContentType = "text/xml; charset=utf-8";
// Largest request body read; a move with a full-length message takes well under 16 KiB.
inline constexpr std::size_t kMaxRequestBytes = 64 * 1024;

// MakeAMoveResult. The spelling of kMoveIsAmbigous follows the clients ("MoveIsAmbigous").
enum class MoveResult {
  kSuccess,
  kServerError,
  kAuthenticationFailed,
  kInvalidGameId,
  kNotYourGame,
  kNotYourTurn,
  kInvalidMoveNumber,
  kInvalidMove,
  kNoDrawWasOffered,
  kLostOnTime,
  kYouAreOnLeave,
  kMoveIsAmbigous,
};
// The wire name ("Success", "InvalidGameID", "MoveIsAmbigous", ...).
std::string_view to_string(MoveResult result);

// The `result` of an XfccGame.
enum class GameResult {
  kOngoing,
  kWhiteWins,
  kBlackWins,
  kDraw,
  kWhiteWinAdjudicated,
  kBlackWinAdjudicated,
  kDrawAdjudicated,
  kWhiteDefaulted,
  kBlackDefaulted,
  kBothDefaulted,
  kCancelled,
  kAdjudicationPending,
};
std::string_view to_string(GameResult result);

// The Xfcc `result` of a game from its status, result and termination (core/game/facts.h):
// not started or ongoing: Ongoing (also a finished game without a result); adjudication
// pending: AdjudicationPending; annulled: Cancelled. A finished game: a double default is
// BothDefaulted; a win by adjudication WhiteWinAdjudicated / BlackWinAdjudicated, a draw
// by adjudication DrawAdjudicated; a win by default names the side that defaulted (black
// lost by default: BlackDefaulted); any other win or draw WhiteWins / BlackWins / Draw.
GameResult game_result(game::GameStatus status, std::optional<game::GameResult> result,
                       std::optional<game::Termination> termination);

// ---- requests ----

struct Credentials {
  std::string username;
  std::string password;
};

struct GetMyGames {
  Credentials credentials;
};

// MakeAMove. Absent booleans are false; gameId is a required integer, and so is movecount
// except with resign or acceptDraw (it is ignored then: missing or unreadable, it reads 0).
struct MakeAMove {
  Credentials credentials;
  std::int64_t game_id = 0;
  bool resign = false;
  bool accept_draw = false;
  int movecount = 0;
  std::string my_move;
  bool offer_draw = false;
  bool claim_draw = false;
  std::string my_message;
};

using Operation = std::variant<GetMyGames, MakeAMove>;

// A SOAP fault: Client (the request is at fault), Server, VersionMismatch (not a SOAP 1.1
// envelope) or MustUnderstand (a header block marked mustUnderstand).
struct Fault {
  enum class Code { kClient, kServer, kVersionMismatch, kMustUnderstand };
  Code code = Code::kClient;
  std::string message;
};

// Decodes a request body: a SOAP 1.1 envelope whose body holds one GetMyGames or MakeAMove
// element in kNamespace (parameters in that namespace or unqualified). Faults: a body over
// kMaxRequestBytes, XML that does not parse, a DTD, another envelope namespace
// (VersionMismatch), a header block with mustUnderstand, an unknown or foreign-namespace
// operation (MakeAMove2 is named as unsupported), a parameter that is not of its type
// (booleans: true, false, 1, 0; integers: decimal). Text is cleaned with clean_text.
std::expected<Operation, Fault> decode_request(std::string_view body);

// Text as the clients send it: valid UTF-8 is kept; anything else is read as Latin-1 (Scid
// sends non-ASCII text that way under a UTF-8 label). Control characters other than line
// breaks and tabs are dropped; CR LF and lone CR become LF.
std::string clean_text(std::string_view bytes);

// Reads an xsd:boolean as the clients write it ("true", "false", "1", "0"; surrounding
// whitespace ignored); a Client fault naming `field` otherwise.
std::expected<bool, Fault> parse_boolean(std::string_view text, std::string_view field);

// ---- answers ----

// Time left on one clock, as days + hours + minutes (all present in every answer).
struct ClockLeft {
  std::int64_t days = 0;
  int hours = 0;
  int minutes = 0;
};
// Splits seconds (negative counts as none) into whole days, hours and minutes.
ClockLeft clock_left(std::int64_t seconds);

// One XfccGame, in the element order of the WSDL. The optional elements (whiteElo,
// blackElo, round, whiteCountry, blackCountry) are written only when set; Scid reads them
// into the PGN tags WhiteElo/BlackElo (or its rating tag), Round, WhiteCountry/BlackCountry.
struct Game {
  std::int64_t id = 0;
  std::string white;
  std::string black;
  std::string event;
  std::string site;
  bool my_turn = false;
  bool has_white = false;
  ClockLeft player;
  ClockLeft opponent;
  std::string moves;  // PGN movetext, no result token
  bool draw_offered = false;
  GameResult result = GameResult::kOngoing;
  std::string message;
  std::string server_info;
  std::string game_link;
  std::string event_date;        // YYYY.MM.DD
  std::optional<int> white_elo;  // the players' current published ratings
  std::optional<int> black_elo;
  std::string time_control;  // PGN TimeControl
  std::optional<int> round;  // an event game's round
  bool setup = false;        // fen holds the start position
  std::string fen;
  std::string variant;                       // "" for standard chess, "chess960"
  std::optional<std::string> white_country;  // ISO 3166-1 alpha-2, from the profiles
  std::optional<std::string> black_country;
};

// The GetMyGames answer (an envelope, UTF-8).
std::string encode_games(const std::vector<Game>& games);
// The MakeAMove answer.
std::string encode_move_result(MoveResult result);
// A SOAP fault envelope (HTTP status 500 by SOAP 1.1).
std::string encode_fault(const Fault& fault);

// ---- result codes ----

// What a MakeAMove was asked to do: it decides a few codes that depend on the action.
enum class Action { kMove, kClaimDraw, kAcceptDraw, kResign };

// The Xfcc result of a refused game command. kGameOver is LostOnTime when the mover lost on
// time (`lost_on_time`: flag fall or silence), else NotYourTurn; kStaleGame (the movecount does not
// match the game) is InvalidMoveNumber; a refused draw offer or claim is InvalidMove, a refused
// acceptance NoDrawWasOffered.
MoveResult move_result_for(ErrorCode code, Action action, bool lost_on_time);

}  // namespace corrchess::api::xfcc
