#include "model/ratings.h"

namespace corrchess::model {

std::string rating_pool_of(game::Variant variant) {
  return variant == game::Variant::kChess960 ? "chess960" : "standard";
}

}  // namespace corrchess::model
