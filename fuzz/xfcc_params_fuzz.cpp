// The Xfcc parameter extraction (api/xfcc_codec decode_request) on mixed content: the input
// is the content of the myMessage and myMove parameters of a MakeAMove request (text, CDATA
// sections, comments, entities, processing instructions, stray markup). Property: the request
// is refused with a fault, or the value read is the parameter's whole text (its XPath
// string value, computed by pugixml independently of the codec), cleaned by clean_text (the
// move also trimmed). Never only a part of it, as when the first text node alone was read.
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

std::string trimmed(const std::string& s) {
  const auto first = s.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return {};
  const auto last = s.find_last_not_of(" \t\r\n");
  return s.substr(first, last - first + 1);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string content(corrchess::fuzz::as_text(data, size));
  const std::string body =
      "<?xml version=\"1.0\" encoding=\"utf-8\"?>"
      "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
      "<MakeAMove xmlns=\"http://www.bennedik.com/webservices/XfccBasic\">"
      "<username>u</username><password>p</password><gameId>1</gameId><movecount>1</movecount>"
      "<myMove>" +
      content + "</myMove><myMessage>" + content +
      "</myMessage>"
      "</MakeAMove></soap:Body></soap:Envelope>";
  const auto decoded = decode_request(body);
  if (!decoded) return 0;  // a fault: refused as a whole
  const auto* move = std::get_if<MakeAMove>(&*decoded);
  require(move != nullptr, "the request decodes as MakeAMove", body);
  // The reference: the string value of the parameter element, as XPath defines it.
  pugi::xml_document doc;
  const auto parsed = doc.load_buffer(
      body.data(), body.size(), pugi::parse_default | pugi::parse_doctype, pugi::encoding_auto);
  require(static_cast<bool>(parsed), "what the codec read is well-formed XML", body);
  const auto whole = [&](const char* name) {
    const auto node = doc.select_node((std::string("//*[local-name()='") + name + "']").c_str());
    return std::string(pugi::xpath_query("string(.)").evaluate_string(node));
  };
  require(move->my_message == clean_text(whole("myMessage")),
          "myMessage is the whole text of the parameter", body);
  require(move->my_move == trimmed(clean_text(whole("myMove"))),
          "myMove is the whole text of the parameter", body);
  return 0;
}
