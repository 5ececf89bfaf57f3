// The Xfcc SOAP codec (api/xfcc_codec): requests as Scid and SOAP toolkits send them,
// malformed and hostile envelopes, the answers' exact form the clients depend on, and the
// mapping of every corrchess error code to an Xfcc result code.
#include "api/xfcc_codec.h"
#include "api/xfcc_wsdl.h"

#include <gtest/gtest.h>

#include <optional>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include <pugixml.hpp>

namespace corrchess::api::xfcc {
namespace {

// Scid 4.7.4's envelope (correspondence.tcl, ::Xfcc::SOAPstart / SOAPend), line breaks and
// tabs included.
std::string scid_envelope(const std::string& operation) {
  return "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n\t<soap:Envelope "
         "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" "
         "xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\" "
         "xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\">\n\t<soap:Body>\n\t" +
         operation + "</soap:Body>\n\t</soap:Envelope>";
}

std::string make_a_move(const std::string& fields) {
  return scid_envelope("<MakeAMove xmlns=\"http://www.bennedik.com/webservices/XfccBasic\">" +
                       fields + "</MakeAMove>");
}

const std::string kScidMove =
    "<username>alice</username><password>p&amp;ss</password><gameId>17</gameId>"
    "<resign>0</resign><acceptDraw>0</acceptDraw><movecount>12</movecount><myMove>Nf3</myMove>"
    "<offerDraw>1</offerDraw><claimDraw>0</claimDraw><myMessage>hello</myMessage>";

Fault fault_of(const std::string& body) {
  auto decoded = decode_request(body);
  EXPECT_FALSE(decoded.has_value()) << body;
  return decoded ? Fault{} : decoded.error();
}

// The operation `body` decodes to, which must be an Op (a test failure and a default Op
// otherwise): fault_of's counterpart.
template <class Op>
Op decoded_as(const std::string& body) {
  auto decoded = decode_request(body);
  EXPECT_TRUE(decoded.has_value()) << (decoded ? "" : decoded.error().message);
  if (!decoded) return Op{};
  EXPECT_TRUE(std::holds_alternative<Op>(*decoded));
  return std::holds_alternative<Op>(*decoded) ? std::get<Op>(*decoded) : Op{};
}

TEST(XfccCodec, DecodesScidsGetMyGames) {
  const auto get = decoded_as<GetMyGames>(scid_envelope(
      "<GetMyGames xmlns=\"http://www.bennedik.com/webservices/XfccBasic\"><username>alice</"
      "username><password>secret &lt;1&gt;</password></GetMyGames>"));
  EXPECT_EQ(get.credentials.username, "alice");
  EXPECT_EQ(get.credentials.password, "secret <1>");
}

TEST(XfccCodec, DecodesScidsMakeAMoveWithZeroOneBooleans) {
  const auto m = decoded_as<MakeAMove>(make_a_move(kScidMove));
  EXPECT_EQ(m.credentials.username, "alice");
  EXPECT_EQ(m.credentials.password, "p&ss");
  EXPECT_EQ(m.game_id, 17);
  EXPECT_EQ(m.movecount, 12);
  EXPECT_EQ(m.my_move, "Nf3");
  EXPECT_TRUE(m.offer_draw);
  EXPECT_FALSE(m.resign);
  EXPECT_FALSE(m.accept_draw);
  EXPECT_FALSE(m.claim_draw);
  EXPECT_EQ(m.my_message, "hello");
}

TEST(XfccCodec, DecodesPrefixedAndUnqualifiedFormsWithTrueFalse) {
  // A toolkit's form: prefixed operation, qualified parameters, SOAP header, true/false.
  const std::string prefixed =
      "<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\"><s:Header/><s:Body>"
      "<x:MakeAMove xmlns:x=\"http://www.bennedik.com/webservices/XfccBasic\">"
      "<x:username>bob</x:username><x:password>pw</x:password><x:gameId> 3 </x:gameId>"
      "<x:resign>true</x:resign><x:acceptDraw>false</x:acceptDraw><x:movecount>1</x:movecount>"
      "<x:offerDraw>false</x:offerDraw><x:claimDraw>false</x:claimDraw></x:MakeAMove>"
      "</s:Body></s:Envelope>";
  const auto op = decoded_as<MakeAMove>(prefixed);
  EXPECT_TRUE(op.resign);
  EXPECT_EQ(op.game_id, 3);
  EXPECT_EQ(op.my_move, "");
  // Unqualified parameters under a prefixed operation.
  const auto unqualified = decoded_as<GetMyGames>(
      "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
      "<x:GetMyGames xmlns:x=\"http://www.bennedik.com/webservices/XfccBasic\"><username>u</"
      "username><password>p</password></x:GetMyGames></soap:Body></soap:Envelope>");
  EXPECT_EQ(unqualified.credentials.username, "u");
}

TEST(XfccCodec, BooleansAreTrueFalseOneOrZero) {
  for (const char* yes : {"true", "1", " 1 ", "\ntrue\t"}) EXPECT_TRUE(*parse_boolean(yes, "b"));
  for (const char* no : {"false", "0", " 0"}) EXPECT_FALSE(*parse_boolean(no, "b"));
  for (const char* bad : {"True", "yes", "2", "-1", "on"}) {
    auto b = parse_boolean(bad, "offerDraw");
    ASSERT_FALSE(b.has_value()) << bad;
    EXPECT_NE(b.error().message.find("offerDraw"), std::string::npos);
  }
  const auto f = fault_of(make_a_move(
      "<username>a</username><password>b</password><gameId>1</gameId><resign>yes</resign>"
      "<movecount>1</movecount>"));
  EXPECT_EQ(f.code, Fault::Code::kClient);
  EXPECT_NE(f.message.find("resign"), std::string::npos);
}

TEST(XfccCodec, IntegersAreRequiredAndChecked) {
  for (const char* fields : {"<gameId>1</gameId>", "<movecount>1</movecount>",
                             "<gameId>x</gameId><movecount>1</movecount>",
                             "<gameId>1</gameId><movecount>9999999999</movecount>",
                             "<gameId>1.5</gameId><movecount>1</movecount>"}) {
    const auto f = fault_of(make_a_move(std::string("<username>a</username>") + fields));
    EXPECT_EQ(f.code, Fault::Code::kClient) << fields;
  }
}

// docs/api.md: with resign and acceptDraw, movecount is ignored, so it may be missing or
// unreadable then (it is still required for a move or a claim).
TEST(XfccCodec, ResignAndAcceptDrawDoNotNeedMovecount) {
  for (const char* fields : {"<resign>1</resign>", "<acceptDraw>true</acceptDraw>",
                             "<resign>1</resign><movecount></movecount>",
                             "<acceptDraw>1</acceptDraw><movecount>last</movecount>"}) {
    auto op = decode_request(make_a_move(std::string("<gameId>7</gameId>") + fields));
    ASSERT_TRUE(op.has_value()) << fields << ": " << op.error().message;
    EXPECT_EQ(std::get<MakeAMove>(*op).game_id, 7) << fields;
  }
  for (const char* fields : {"<offerDraw>1</offerDraw>", "<claimDraw>1</claimDraw>",
                             "<resign>0</resign><movecount>x</movecount>"}) {
    const auto f = fault_of(make_a_move(std::string("<gameId>7</gameId>") + fields));
    EXPECT_EQ(f.code, Fault::Code::kClient) << fields;
    EXPECT_NE(f.message.find("movecount"), std::string::npos) << f.message;
  }
}

TEST(XfccCodec, MalformedEnvelopesAreFaults) {
  for (const std::string& body : {
           std::string(""),
           std::string("not xml at all"),
           std::string("<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\">"),
           std::string("<a><b></a>"),
           std::string("<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"/>"),
           scid_envelope(""),
           scid_envelope("<GetMyGames xmlns=\"http://www.bennedik.com/webservices/XfccBasic\"/>"
                         "<GetMyGames xmlns=\"http://www.bennedik.com/webservices/XfccBasic\"/>"),
           scid_envelope("<Resign xmlns=\"http://www.bennedik.com/webservices/XfccBasic\"/>"),
           make_a_move("<username><b>x</b></username><gameId>1</gameId><movecount>1</movecount>"),
           make_a_move("<username>a</username><username>b</username><gameId>1</gameId>"
                       "<movecount>1</movecount>"),
           std::string("\xff\xfe<\x00"),
       }) {
    const auto f = fault_of(body);
    EXPECT_EQ(f.code, Fault::Code::kClient) << body;
    EXPECT_FALSE(f.message.empty());
    // Every fault encodes to a well-formed envelope.
    pugi::xml_document doc;
    EXPECT_TRUE(doc.load_string(encode_fault(f).c_str())) << f.message;
  }
}

TEST(XfccCodec, CutAndCorruptedRequestsNeverCrash) {
  const std::string whole = make_a_move(kScidMove);
  int faults = 0;
  for (std::size_t n = 0; n < whole.size(); ++n) {
    auto cut = decode_request(whole.substr(0, n));
    faults += cut ? 0 : 1;
    for (const char c : {'\0', '<', '>', '&', '"', '\xff', ':'}) {
      std::string corrupted = whole;
      corrupted[n] = c;
      auto decoded = decode_request(corrupted);
      if (!decoded) {
        pugi::xml_document doc;
        EXPECT_TRUE(doc.load_string(encode_fault(decoded.error()).c_str()));
      }
    }
  }
  EXPECT_EQ(faults, static_cast<int>(whole.size())) << "every cut request is a fault";
  // Deep nesting inside the operation is read without recursion.
  std::string deep;
  for (int i = 0; i < 20000; ++i) deep += "<a>";
  for (int i = 0; i < 20000; ++i) deep += "</a>";
  EXPECT_FALSE(decode_request(make_a_move("<username>" + deep + "</username>")).has_value());
}

TEST(XfccCodec, DtdsAndExternalEntitiesAreRefused) {
  const std::string xxe =
      "<?xml version=\"1.0\"?><!DOCTYPE soap:Envelope [<!ENTITY xxe SYSTEM "
      "\"file:///etc/passwd\">]>" +
      make_a_move(
          "<username>&xxe;</username><password>x</password><gameId>1</gameId>"
          "<movecount>1</movecount>")
          .substr(std::string("<?xml version=\"1.0\" encoding=\"utf-8\"?>").size());
  const auto f = fault_of(xxe);
  EXPECT_NE(f.message.find("DTD"), std::string::npos) << f.message;
  const auto plain = fault_of("<!DOCTYPE x><x/>");
  EXPECT_NE(plain.message.find("DTD"), std::string::npos);
  // An entity no DTD defines is left as text, never resolved.
  EXPECT_EQ(decoded_as<GetMyGames>(
                scid_envelope("<GetMyGames xmlns=\"http://www.bennedik.com/webservices/XfccBasic\">"
                              "<username>&xxe;</username><password>p</password></GetMyGames>"))
                .credentials.username,
            "&xxe;");
}

TEST(XfccCodec, WrongNamespacesAreFaults) {
  const auto foreign =
      fault_of(scid_envelope("<GetMyGames xmlns=\"http://example.com/other\"><username>a</username>"
                             "</GetMyGames>"));
  EXPECT_EQ(foreign.code, Fault::Code::kClient);
  EXPECT_NE(foreign.message.find("namespace"), std::string::npos);
  const auto none = fault_of(scid_envelope("<GetMyGames><username>a</username></GetMyGames>"));
  EXPECT_EQ(none.code, Fault::Code::kClient);
  const auto soap12 = fault_of(
      "<env:Envelope xmlns:env=\"http://www.w3.org/2003/05/soap-envelope\"><env:Body>"
      "<GetMyGames xmlns=\"http://www.bennedik.com/webservices/XfccBasic\"/></env:Body>"
      "</env:Envelope>");
  EXPECT_EQ(soap12.code, Fault::Code::kVersionMismatch);
  const auto undeclared = fault_of("<soap:Envelope><soap:Body/></soap:Envelope>");
  EXPECT_EQ(undeclared.code, Fault::Code::kVersionMismatch);
}

TEST(XfccCodec, HeadersThatMustBeUnderstoodAreFaults) {
  const auto f = fault_of(
      "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Header>"
      "<t:Tx xmlns:t=\"urn:t\" soap:mustUnderstand=\"1\">5</t:Tx></soap:Header><soap:Body>"
      "<GetMyGames xmlns=\"http://www.bennedik.com/webservices/XfccBasic\"/></soap:Body>"
      "</soap:Envelope>");
  EXPECT_EQ(f.code, Fault::Code::kMustUnderstand);
  EXPECT_NE(encode_fault(f).find("<faultcode>soap:MustUnderstand</faultcode>"), std::string::npos);
}

TEST(XfccCodec, MakeAMove2IsNamedAsUnsupported) {
  const auto f = fault_of(scid_envelope(
      "<MakeAMove2 xmlns=\"http://www.bennedik.com/webservices/XfccBasic\"><username>a</username>"
      "</MakeAMove2>"));
  EXPECT_EQ(f.code, Fault::Code::kClient);
  EXPECT_NE(f.message.find("MakeAMove2 is not supported"), std::string::npos) << f.message;
}

TEST(XfccCodec, OversizedBodiesAreRefusedBeforeParsing) {
  std::string body = make_a_move(kScidMove);
  body.insert(body.find("hello"), std::string(kMaxRequestBytes, 'x'));
  const auto f = fault_of(body);
  EXPECT_NE(f.message.find("larger than"), std::string::npos) << f.message;
  // Just below the limit is read.
  std::string fits = make_a_move(kScidMove);
  fits.insert(fits.find("hello"), std::string(kMaxRequestBytes - fits.size(), 'x'));
  EXPECT_TRUE(decode_request(fits).has_value());
}

// A parameter is its whole text: every text and CDATA part, comments left out; never only
// the first part (which played e4 for "<![CDATA[e4]]>x" and signed in with "RIGHT<!--c-->junk").
TEST(XfccCodec, AParameterIsItsWholeText) {
  const auto m = decoded_as<MakeAMove>(make_a_move(
      "<username>al<!-- c -->ice</username><password>RIGHT<!--c-->junk</password>"
      "<gameId>1<![CDATA[7]]></gameId><movecount>12</movecount>"
      "<myMove><![CDATA[e4]]>x</myMove><myMessage>a<![CDATA[<b>]]>&amp;c<?pi x?>d</myMessage>"));
  EXPECT_EQ(m.credentials.username, "alice");
  EXPECT_EQ(m.credentials.password, "RIGHTjunk");
  EXPECT_EQ(m.game_id, 17);
  EXPECT_EQ(m.my_move, "e4x");
  EXPECT_EQ(m.my_message, "a<b>&cd");
  const auto f = fault_of(make_a_move(
      "<username>a</username><password>b</password><gameId>1</gameId><movecount>1</movecount>"
      "<myMove>e<b>4</b></myMove>"));
  EXPECT_NE(f.message.find("myMove must be text"), std::string::npos) << f.message;
}

TEST(XfccCodec, InvalidUtf8IsReadAsLatin1AndControlCharactersDropped) {
  EXPECT_EQ(clean_text("Gr\xfc\xdf"
                       "e aus K\xf6ln"),
            "Grüße aus Köln");
  EXPECT_EQ(clean_text("Grüße"), "Grüße");
  EXPECT_EQ(clean_text("a\x01"
                       "b\x7f"
                       "c\td\r\ne\rf"),
            "abc\td\ne\nf");
  EXPECT_EQ(clean_text("\xc2\x85x"), "x");  // C1 control (NEL) in UTF-8
  // The text rule of REST (core/text.h): separators and direction controls go too.
  EXPECT_EQ(clean_text("a\u2028b\u202ec\ufeffd\u00e9"), "abcd\u00e9");
  // A surrogate is not UTF-8: Latin-1, whose 0x80 is a C1 control.
  EXPECT_EQ(clean_text("\xed\xa0\x80"), "\xc3\xad\xc2\xa0");
  EXPECT_EQ(decoded_as<MakeAMove>(make_a_move("<username>a</username><password>b</password>"
                                              "<gameId>1</gameId><movecount>1</movecount>"
                                              "<myMessage>Sch\xf6ner Zug&#1;!</myMessage>"))
                .my_message,
            "Schöner Zug!");
  // A body that declares Latin-1 is converted by the parser.
  const auto declared = decoded_as<GetMyGames>(
      "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><soap:Envelope "
      "xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body><GetMyGames "
      "xmlns=\"http://www.bennedik.com/webservices/XfccBasic\"><username>J\xfcrgen</username>"
      "</GetMyGames></soap:Body></soap:Envelope>");
  EXPECT_EQ(declared.credentials.username, "Jürgen");
}

TEST(XfccCodec, MoveResultsAreUnprefixedInTheDefaultNamespaceWithDoubleQuotes) {
  const char* names[] = {"Success",           "ServerError",   "AuthenticationFailed",
                         "InvalidGameID",     "NotYourGame",   "NotYourTurn",
                         "InvalidMoveNumber", "InvalidMove",   "NoDrawWasOffered",
                         "LostOnTime",        "YouAreOnLeave", "MoveIsAmbigous"};
  for (int i = 0; i <= static_cast<int>(MoveResult::kMoveIsAmbigous); ++i) {
    const auto r = static_cast<MoveResult>(i);
    EXPECT_EQ(to_string(r), names[i]);
    const auto xml = encode_move_result(r);
    EXPECT_NE(xml.find("<MakeAMoveResponse xmlns=\"http://www.bennedik.com/webservices/"
                       "XfccBasic\"><MakeAMoveResult>" +
                       std::string(names[i]) + "</MakeAMoveResult></MakeAMoveResponse>"),
              std::string::npos)
        << xml;
    EXPECT_TRUE(xml.starts_with("<?xml version=\"1.0\" encoding=\"utf-8\"?>")) << xml;
    pugi::xml_document doc;
    EXPECT_TRUE(doc.load_string(xml.c_str()));
  }
}

// The Xfcc result every error code gets for a move, without the cases that depend on the
// action or on a loss on time (checked below). The switch has no default: a new ErrorCode
// fails to compile here until its Xfcc result is decided.
MoveResult expected_for_a_move(ErrorCode code) {
  using E = ErrorCode;
  using R = MoveResult;
  switch (code) {
    case E::kNotFound: return R::kInvalidGameId;
    case E::kForbidden: return R::kNotYourGame;
    case E::kUnauthorized: return R::kAuthenticationFailed;
    case E::kNotYourTurn:
    case E::kGameNotStarted:
    case E::kGameOver: return R::kNotYourTurn;
    case E::kStaleGame: return R::kInvalidMoveNumber;
    case E::kOnLeave: return R::kYouAreOnLeave;
    case E::kAmbiguousMove: return R::kMoveIsAmbigous;
    case E::kIllegalMove:
    case E::kInvalidNotation:
    case E::kClaimNotAllowed:
    case E::kAbortNotAllowed:
    case E::kValidationError:
    case E::kDrawOfferNotAllowed: return R::kInvalidMove;
    case E::kNoDrawOffer: return R::kNoDrawWasOffered;
    case E::kInvalidFen:
    case E::kInvalidPgn:
    case E::kUnsupportedVariant:
    case E::kConflict:
    case E::kNoPendingMove:
    case E::kPendingMismatch:
    case E::kTablebaseUnavailable:
    case E::kLeaveNotAllowed:
    case E::kLeaveExceedsAllowance:
    case E::kPayloadTooLarge:
    case E::kUnsupportedMediaType:
    case E::kRateLimited:
    case E::kTooManyChallenges:
    case E::kTooManyGames:
    case E::kChallengeClosed:
    case E::kRatingOutOfRange:
    case E::kMethodNotAllowed:
    case E::kUnavailable:
    case E::kPushNotConfigured:
    case E::kCommitOutcomeUnknown:
    case E::kInternal: return R::kServerError;
  }
  ADD_FAILURE() << "error code " << static_cast<int>(code) << " has no expected Xfcc result";
  return R::kServerError;
}

// Every ErrorCode, from the first to kInternal (the last), maps to the Xfcc result above for
// a move; then the codes whose answer depends on the action or on a loss on time.
TEST(XfccCodec, EveryErrorCodeMapsToAResultCode) {
  using E = ErrorCode;
  using R = MoveResult;
  int codes = 0;
  for (int i = 0; i <= static_cast<int>(E::kInternal); ++i, ++codes) {
    const auto code = static_cast<E>(i);
    EXPECT_FALSE(error_code_name(code).empty()) << i;
    EXPECT_EQ(move_result_for(code, Action::kMove, false), expected_for_a_move(code))
        << error_code_name(code);
  }
  EXPECT_GE(codes, 32);
  EXPECT_EQ(move_result_for(E::kRatingOutOfRange, Action::kMove, false), R::kServerError);
  EXPECT_EQ(move_result_for(E::kGameOver, Action::kMove, true), R::kLostOnTime);
  EXPECT_EQ(move_result_for(E::kGameOver, Action::kResign, true), R::kLostOnTime);
  EXPECT_EQ(move_result_for(E::kGameOver, Action::kAcceptDraw, false), R::kNotYourTurn);
  EXPECT_EQ(move_result_for(E::kClaimNotAllowed, Action::kClaimDraw, false), R::kInvalidMove);
  EXPECT_EQ(move_result_for(E::kNoDrawOffer, Action::kAcceptDraw, false), R::kNoDrawWasOffered);
  EXPECT_EQ(move_result_for(E::kDrawOfferNotAllowed, Action::kAcceptDraw, false),
            R::kNoDrawWasOffered);
  EXPECT_EQ(move_result_for(E::kDrawOfferNotAllowed, Action::kMove, false), R::kInvalidMove);
  EXPECT_EQ(move_result_for(E::kDrawOfferNotAllowed, Action::kClaimDraw, false), R::kInvalidMove);
}

TEST(XfccCodec, GamesCarryEveryFieldWithLowercaseBooleans) {
  Game g;
  g.id = 42;
  g.white = "Anna <&> Berg";
  g.black = "Bo";
  g.my_turn = true;
  g.has_white = false;
  g.player = clock_left(3 * 86400 + 4 * 3600 + 5 * 60 + 59);
  g.moves = "1. e4 e5";
  g.result = GameResult::kOngoing;
  const auto xml = encode_games({g});
  EXPECT_NE(xml.find("<GetMyGamesResponse xmlns=\"http://www.bennedik.com/webservices/"
                     "XfccBasic\"><GetMyGamesResult><XfccGame><id>42</id>"),
            std::string::npos)
      << xml;
  EXPECT_NE(xml.find("<white>Anna &lt;&amp;&gt; Berg</white>"), std::string::npos);
  EXPECT_NE(xml.find("<myTurn>true</myTurn><hasWhite>false</hasWhite>"), std::string::npos);
  EXPECT_NE(xml.find("<daysPlayer>3</daysPlayer><hoursPlayer>4</hoursPlayer>"
                     "<minutesPlayer>5</minutesPlayer><daysOpponent>0</daysOpponent>"
                     "<hoursOpponent>0</hoursOpponent><minutesOpponent>0</minutesOpponent>"),
            std::string::npos);
  EXPECT_NE(xml.find("<drawOffered>false</drawOffered><result>Ongoing</result>"
                     "<message></message>"),
            std::string::npos);
  EXPECT_EQ(xml.find("True"), std::string::npos);
  EXPECT_EQ(xml.find("/>"), std::string::npos) << "no self-closing element: " << xml;
  for (const char* field : {"serverInfo", "gameLink", "eventDate", "timeControl", "setup", "fen",
                            "variant", "event", "site"}) {
    EXPECT_NE(xml.find(std::string("<") + field + ">"), std::string::npos) << field;
  }
  // No games: the result element is still written as an open and a close tag.
  EXPECT_NE(encode_games({}).find("<GetMyGamesResult></GetMyGamesResult>"), std::string::npos);
  EXPECT_EQ(to_string(GameResult::kWhiteWinAdjudicated), "WhiteWinAdjudicated");
  EXPECT_EQ(to_string(GameResult::kAdjudicationPending), "AdjudicationPending");
}

// Every one of the 12 Xfcc results from a game's status, result and termination, and the
// terminations that do not change the wording of a result.
TEST(XfccCodec, GameResultsCoverAllTwelveValues) {
  using S = game::GameStatus;
  using G = game::GameResult;
  using T = game::Termination;
  using R = GameResult;
  struct Case {
    S status;
    std::optional<G> result;
    std::optional<T> termination;
    R expected;
    const char* wire;
  };
  const std::vector<Case> cases = {
      {S::kNotStarted, std::nullopt, std::nullopt, R::kOngoing, "Ongoing"},
      {S::kOngoing, std::nullopt, std::nullopt, R::kOngoing, "Ongoing"},
      {S::kFinished, G::kWhiteWins, T::kCheckmate, R::kWhiteWins, "WhiteWins"},
      {S::kFinished, G::kWhiteWins, T::kResignation, R::kWhiteWins, "WhiteWins"},
      {S::kFinished, G::kWhiteWins, T::kTimeForfeit, R::kWhiteWins, "WhiteWins"},
      {S::kFinished, G::kWhiteWins, T::kSilence, R::kWhiteWins, "WhiteWins"},
      {S::kFinished, G::kWhiteWins, T::kTablebase, R::kWhiteWins, "WhiteWins"},
      {S::kFinished, G::kBlackWins, T::kCheckmate, R::kBlackWins, "BlackWins"},
      {S::kFinished, G::kBlackWins, T::kResignation, R::kBlackWins, "BlackWins"},
      {S::kFinished, G::kBlackWins, T::kTimeForfeit, R::kBlackWins, "BlackWins"},
      {S::kFinished, G::kDraw, T::kStalemate, R::kDraw, "Draw"},
      {S::kFinished, G::kDraw, T::kDeadPosition, R::kDraw, "Draw"},
      {S::kFinished, G::kDraw, T::kAgreement, R::kDraw, "Draw"},
      {S::kFinished, G::kDraw, T::kRepetition, R::kDraw, "Draw"},
      {S::kFinished, G::kDraw, T::kFiftyMoves, R::kDraw, "Draw"},
      {S::kFinished, G::kDraw, T::kTablebase, R::kDraw, "Draw"},
      {S::kFinished, G::kDraw, T::kTimeDraw, R::kDraw, "Draw"},
      {S::kFinished, G::kWhiteWins, T::kAdjudication, R::kWhiteWinAdjudicated,
       "WhiteWinAdjudicated"},
      {S::kFinished, G::kBlackWins, T::kAdjudication, R::kBlackWinAdjudicated,
       "BlackWinAdjudicated"},
      {S::kFinished, G::kDraw, T::kAdjudication, R::kDrawAdjudicated, "DrawAdjudicated"},
      // A win by default names the side that defaulted.
      {S::kFinished, G::kBlackWins, T::kDefault, R::kWhiteDefaulted, "WhiteDefaulted"},
      {S::kFinished, G::kWhiteWins, T::kDefault, R::kBlackDefaulted, "BlackDefaulted"},
      {S::kFinished, G::kDoubleDefault, T::kDefault, R::kBothDefaulted, "BothDefaulted"},
      {S::kAnnulled, std::nullopt, T::kAnnulled, R::kCancelled, "Cancelled"},
      {S::kAnnulled, G::kWhiteWins, T::kAnnulled, R::kCancelled, "Cancelled"},
      {S::kAdjudicationPending, std::nullopt, std::nullopt, R::kAdjudicationPending,
       "AdjudicationPending"},
      // A finished game without a result (never stored so) reads as still going.
      {S::kFinished, std::nullopt, std::nullopt, R::kOngoing, "Ongoing"},
  };
  std::set<R> seen;
  for (const auto& c : cases) {
    const auto got = game_result(c.status, c.result, c.termination);
    EXPECT_EQ(got, c.expected) << c.wire << " (status " << static_cast<int>(c.status) << ")";
    EXPECT_EQ(to_string(got), c.wire);
    seen.insert(got);
  }
  EXPECT_EQ(seen.size(), static_cast<std::size_t>(R::kAdjudicationPending) + 1)
      << "every Xfcc result is reached";
}

TEST(XfccCodec, FaultsAreSoap11Faults) {
  const auto xml = encode_fault({Fault::Code::kClient, "bad <thing>"});
  EXPECT_NE(xml.find("<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\""),
            std::string::npos);
  EXPECT_NE(xml.find("<soap:Fault><faultcode>soap:Client</faultcode><faultstring>bad "
                     "&lt;thing&gt;</faultstring></soap:Fault>"),
            std::string::npos)
      << xml;
}

TEST(XfccCodec, WsdlDescribesExactlyTheServedOperations) {
  const auto text = wsdl("http://chess.example:8080/xfcc/XfccBasic.asmx?a=1&b=\"2\"");
  pugi::xml_document doc;
  ASSERT_TRUE(doc.load_string(text.c_str()));
  EXPECT_NE(
      text.find(
          "location=\"http://chess.example:8080/xfcc/XfccBasic.asmx?a=1&amp;b=&quot;2&quot;\""),
      std::string::npos);
  auto port_type =
      doc.document_element().find_child_by_attribute("wsdl:portType", "name", "XfccBasicSoap");
  std::vector<std::string> operations;
  for (auto op : port_type.children("wsdl:operation"))
    operations.push_back(op.attribute("name").value());
  EXPECT_EQ(operations, (std::vector<std::string>{"GetMyGames", "MakeAMove"}));
  for (const char* value : {"MoveIsAmbigous", "InvalidGameID", "BothDefaulted", "Cancelled"}) {
    EXPECT_NE(text.find(std::string("<s:enumeration value=\"") + value + "\"/>"), std::string::npos)
        << value;
  }
  EXPECT_EQ(text.find("MakeAMove2\""), std::string::npos);
}

TEST(XfccCodec, WsdlNamesTheElementsOfEveryAnswerInOrder) {
  pugi::xml_document schema;
  ASSERT_TRUE(schema.load_string(wsdl("http://x/").c_str()));
  auto sequence = [&](const char* xpath) {
    std::vector<std::string> names;
    for (auto n : schema.select_nodes(xpath)) names.push_back(n.node().attribute("name").value());
    return names;
  };
  auto written = [](const Game& g) {
    pugi::xml_document answer;
    EXPECT_TRUE(answer.load_string(encode_games({g}).c_str()));
    std::vector<std::string> names;
    for (auto child : answer.select_node("//XfccGame").node().children()) {
      names.push_back(child.name());
    }
    return names;
  };
  // Every element, the optional ones included, in the order of the WSDL (the clients read
  // them by name; Scid reads whiteElo, blackElo, round, whiteCountry and blackCountry).
  const std::vector<std::string> all = {
      "id",           "white",         "black",           "event",       "site",
      "myTurn",       "hasWhite",      "daysPlayer",      "hoursPlayer", "minutesPlayer",
      "daysOpponent", "hoursOpponent", "minutesOpponent", "moves",       "drawOffered",
      "result",       "message",       "serverInfo",      "gameLink",    "eventDate",
      "whiteElo",     "blackElo",      "timeControl",     "round",       "setup",
      "fen",          "variant",       "whiteCountry",    "blackCountry"};
  EXPECT_EQ(sequence("//s:complexType[@name='XfccGame']/s:sequence/s:element"), all);
  Game full;
  full.white_elo = 2104;
  full.black_elo = 1498;
  full.round = 3;
  full.white_country = "DE";
  full.black_country = "FI";
  EXPECT_EQ(written(full), all);
  const auto xml = encode_games({full});
  EXPECT_NE(xml.find("<eventDate></eventDate><whiteElo>2104</whiteElo><blackElo>1498</blackElo>"
                     "<timeControl></timeControl><round>3</round>"),
            std::string::npos)
      << xml;
  EXPECT_NE(xml.find("<whiteCountry>DE</whiteCountry><blackCountry>FI</blackCountry></XfccGame>"),
            std::string::npos)
      << xml;
  // Without ratings, round or countries those elements are left out (minOccurs 0): exactly
  // the required elements of the WSDL remain, in its order.
  EXPECT_EQ(written(Game{}),
            sequence("//s:complexType[@name='XfccGame']/s:sequence/s:element[@minOccurs='1']"));
  const auto optional =
      sequence("//s:complexType[@name='XfccGame']/s:sequence/s:element[@minOccurs='0']");
  EXPECT_EQ(optional, (std::vector<std::string>{"whiteElo", "blackElo", "round", "whiteCountry",
                                                "blackCountry"}));
  EXPECT_EQ(
      sequence("//s:element[@name='MakeAMove']//s:element"),
      (std::vector<std::string>{"username", "password", "gameId", "resign", "acceptDraw",
                                "movecount", "myMove", "offerDraw", "claimDraw", "myMessage"}));
}

TEST(XfccCodec, ClocksSplitIntoDaysHoursMinutes) {
  EXPECT_EQ(clock_left(-5).days, 0);
  const auto c = clock_left(50 * 86400 - 1);
  EXPECT_EQ(c.days, 49);
  EXPECT_EQ(c.hours, 23);
  EXPECT_EQ(c.minutes, 59);
}

}  // namespace
}  // namespace corrchess::api::xfcc
