#include "api/xfcc_wsdl.h"

#include <span>

#include "api/xfcc_codec.h"
#include "core/game/crosstable.h"

namespace corrchess::api::xfcc {

namespace {

constexpr std::string_view kHead =
    R"(<?xml version="1.0" encoding="utf-8"?>
<wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:s="http://www.w3.org/2001/XMLSchema" xmlns:tns="http://www.bennedik.com/webservices/XfccBasic" targetNamespace="http://www.bennedik.com/webservices/XfccBasic">
  <wsdl:documentation>Xfcc (XfccBasic) of a corrchess server: GetMyGames and MakeAMove. MakeAMove2 is not offered.</wsdl:documentation>
  <wsdl:types>
    <s:schema elementFormDefault="qualified" targetNamespace="http://www.bennedik.com/webservices/XfccBasic">
)";

// The operations offered, in the order the WSDL lists them.
constexpr std::string_view kOperations[] = {"GetMyGames", "MakeAMove"};

// One element of a schema sequence; `optional` ones have minOccurs 0.
struct Element {
  std::string_view name;
  std::string_view type;
  bool optional = false;
};

// The sign-in elements every operation's request starts with.
constexpr Element kUsername{"username", "s:string", true};
constexpr Element kPassword{"password", "s:string", true};

// The elements of an XfccGame, in the order api/xfcc_codec writes them.
constexpr Element kGame[] = {
    {"id", "s:int"},
    {"white", "s:string"},
    {"black", "s:string"},
    {"event", "s:string"},
    {"site", "s:string"},
    {"myTurn", "s:boolean"},
    {"hasWhite", "s:boolean"},
    {"daysPlayer", "s:int"},
    {"hoursPlayer", "s:int"},
    {"minutesPlayer", "s:int"},
    {"daysOpponent", "s:int"},
    {"hoursOpponent", "s:int"},
    {"minutesOpponent", "s:int"},
    {"moves", "s:string"},
    {"drawOffered", "s:boolean"},
    {"result", "tns:Result"},
    {"message", "s:string"},
    {"serverInfo", "s:string"},
    {"gameLink", "s:string"},
    {"eventDate", "s:string"},
    {"whiteElo", "s:int", true},
    {"blackElo", "s:int", true},
    {"timeControl", "s:string"},
    {"round", "s:int", true},
    {"setup", "s:boolean"},
    {"fen", "s:string"},
    {"variant", "s:string"},
    {"whiteCountry", "s:string", true},
    {"blackCountry", "s:string", true},
};

// The elements of a MakeAMove request, in the order api/xfcc_codec reads them.
constexpr Element kMakeAMove[] = {
    kUsername,
    kPassword,
    {"gameId", "s:int"},
    {"resign", "s:boolean"},
    {"acceptDraw", "s:boolean"},
    {"movecount", "s:int"},
    {"myMove", "s:string", true},
    {"offerDraw", "s:boolean"},
    {"claimDraw", "s:boolean"},
    {"myMessage", "s:string", true},
};

// The sign-in of GetMyGames and the single results of the two answers.
constexpr Element kGetMyGames[] = {kUsername, kPassword};
constexpr Element kGetMyGamesResponse[] = {{"GetMyGamesResult", "tns:ArrayOfXfccGame"}};
constexpr Element kMakeAMoveResponse[] = {{"MakeAMoveResult", "tns:MakeAMoveResult"}};

void append_sequence(std::string& out, std::span<const Element> elements) {
  for (const auto& e : elements) {
    out += "          <s:element minOccurs=\"";
    out += e.optional ? "0" : "1";
    out += "\" maxOccurs=\"1\" name=\"";
    out += e.name;
    out += "\" type=\"";
    out += e.type;
    out += "\"/>\n";
  }
}

// A top-level element `name` whose type is the sequence `elements`.
void append_element(std::string& out, std::string_view name, std::span<const Element> elements) {
  out += "      <s:element name=\"" + std::string(name) + "\">\n";
  out += "        <s:complexType><s:sequence>\n";
  append_sequence(out, elements);
  out += "        </s:sequence></s:complexType>\n";
  out += "      </s:element>\n";
}

// A string type `name` restricted to the spellings of Enum's values up to `last`.
template <typename Enum>
void append_enumeration(std::string& out, std::string_view name, Enum last) {
  out += "      <s:simpleType name=\"" + std::string(name) + "\">\n";
  out += "        <s:restriction base=\"s:string\">\n";
  for (int r = 0; r <= static_cast<int>(last); ++r) {
    out += "          <s:enumeration value=\"" + std::string(to_string(static_cast<Enum>(r))) +
           "\"/>\n";
  }
  out += "        </s:restriction>\n";
  out += "      </s:simpleType>\n";
}

}  // namespace

std::string wsdl(std::string_view location) {
  std::string out(kHead);
  append_element(out, "GetMyGames", kGetMyGames);
  append_element(out, "GetMyGamesResponse", kGetMyGamesResponse);
  out += R"(      <s:complexType name="ArrayOfXfccGame">
        <s:sequence>
          <s:element minOccurs="0" maxOccurs="unbounded" name="XfccGame" type="tns:XfccGame"/>
        </s:sequence>
      </s:complexType>
      <s:complexType name="XfccGame">
        <s:sequence>
)";
  append_sequence(out, kGame);
  out += "        </s:sequence>\n";
  out += "      </s:complexType>\n";
  append_enumeration(out, "Result", GameResult::kAdjudicationPending);
  append_element(out, "MakeAMove", kMakeAMove);
  append_element(out, "MakeAMoveResponse", kMakeAMoveResponse);
  append_enumeration(out, "MakeAMoveResult", MoveResult::kMoveIsAmbigous);
  out += "    </s:schema>\n";
  out += "  </wsdl:types>\n";
  for (const auto op : kOperations) {
    for (const std::string_view way : {"In", "Out"}) {
      out += "  <wsdl:message name=\"" + std::string(op) + "Soap" + std::string(way) +
             "\"><wsdl:part name=\"parameters\" element=\"tns:" + std::string(op) +
             (way == "In" ? "" : "Response") + "\"/></wsdl:message>\n";
    }
  }
  out += "  <wsdl:portType name=\"XfccBasicSoap\">\n";
  for (const auto op : kOperations) {
    const std::string name(op);
    out += "    <wsdl:operation name=\"" + name + "\">\n";
    out += "      <wsdl:input message=\"tns:" + name + "SoapIn\"/>\n";
    out += "      <wsdl:output message=\"tns:" + name + "SoapOut\"/>\n";
    out += "    </wsdl:operation>\n";
  }
  out += "  </wsdl:portType>\n";
  out += "  <wsdl:binding name=\"XfccBasicSoap\" type=\"tns:XfccBasicSoap\">\n";
  out +=
      "    <soap:binding transport=\"http://schemas.xmlsoap.org/soap/http\" "
      "style=\"document\"/>\n";
  for (const auto op : kOperations) {
    const std::string name(op);
    out += "    <wsdl:operation name=\"" + name + "\">\n";
    out += "      <soap:operation soapAction=\"http://www.bennedik.com/webservices/XfccBasic/" +
           name + "\" style=\"document\"/>\n";
    out += "      <wsdl:input><soap:body use=\"literal\"/></wsdl:input>\n";
    out += "      <wsdl:output><soap:body use=\"literal\"/></wsdl:output>\n";
    out += "    </wsdl:operation>\n";
  }
  out += R"(  </wsdl:binding>
  <wsdl:service name="XfccBasic">
    <wsdl:port name="XfccBasicSoap" binding="tns:XfccBasicSoap">
      <soap:address location=")";
  out += game::html_escape(location);  // escapes what an XML attribute needs
  out += R"("/>
    </wsdl:port>
  </wsdl:service>
</wsdl:definitions>
)";
  return out;
}

}  // namespace corrchess::api::xfcc
