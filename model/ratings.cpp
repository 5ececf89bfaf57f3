#include "model/ratings.h"

#include <cmath>

namespace corrchess::model {

std::string rating_pool_of(game::Variant variant) {
  return variant == game::Variant::kChess960 ? "chess960" : "standard";
}

bool rating_allows(const std::optional<double>& rating, const model::RatingRange& range) {
  if (!rating) return !range.min_rating;
  const long rounded = std::lround(*rating);
  return !(range.min_rating && rounded < *range.min_rating) &&
         !(range.max_rating && rounded > *range.max_rating);
}

}  // namespace corrchess::model
