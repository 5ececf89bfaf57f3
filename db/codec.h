// The JSON forms of model/codec.h under their db/ names, and array parameters of queries.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/codec.h"

namespace corrchess::db {

using model::clock_json;
using model::event_detail_from_json;
using model::event_detail_json;
using model::Field;
using model::Fields;
using model::fields_json;
using model::FieldValue;
using model::time_control_from_json;
using model::time_control_json;

// A PostgreSQL array literal of ids, "{1,2,3}", for a bigint[] parameter.
inline std::string id_array_literal(const std::vector<std::int64_t>& ids) {
  std::string out = "{";
  for (std::size_t i = 0; i < ids.size(); ++i) {
    if (i) out += ',';
    out += std::to_string(ids[i]);
  }
  return out + "}";
}

}  // namespace corrchess::db
