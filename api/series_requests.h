// The request bodies of the series routes (api/series.cpp), each decoded and validated once
// by the request pipeline (api/pipeline.h).
#pragma once

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "api/http.h"
#include "api/pipeline.h"
#include "core/error.h"
#include "model/series.h"

namespace corrchess::api {

// POST /admin/series: the series as far as it can be checked without the database
// (app::create_series checks the rest).
Result<model::SeriesSettings> parse_series_creation(const nlohmann::json& body);
using NewSeriesBody = ParsedBody<parse_series_creation>;

// POST /admin/series/{id}/entries/{entry}/remove: {reason}.
struct RemoveEntryBody {
  std::string reason;
  static Result<RemoveEntryBody> from_json(const nlohmann::json& body, const Request& request);
};

}  // namespace corrchess::api
