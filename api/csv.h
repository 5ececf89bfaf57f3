// Cells of the CSV files the server writes (RFC 4180), safe to open in a spreadsheet: a text
// cell that begins with = + - @ tab or carriage return is prefixed with an apostrophe, so
// that no spreadsheet reads it as a formula (the OWASP "CSV injection" rule), and a cell with
// a comma, quote or line break is quoted. Every text cell of every CSV goes through csv_text;
// numbers the server formats itself are written as they are.
#pragma once

#include <string>
#include <string_view>

namespace corrchess::api {

std::string csv_text(std::string_view cell);

}  // namespace corrchess::api
