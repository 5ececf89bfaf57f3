#include "tests/support/test_env.h"

#include <gtest/gtest.h>

#include <cstdlib>

namespace corrchess::testing {

std::string data_dir() {
  if (const char* d = std::getenv("CORRCHESS_DATA_DIR")) return d;
#ifdef CORRCHESS_DATA_DIR
  return CORRCHESS_DATA_DIR;
#else
  return "../shared/data";
#endif
}

std::string bin_dir() { return CORRCHESS_BIN_DIR; }

std::string test_database_url() {
  const char* url = std::getenv("CORRCHESS_TEST_DATABASE_URL");
  if (url == nullptr || *url == '\0') {
    ADD_FAILURE() << "CORRCHESS_TEST_DATABASE_URL is not set: run database tests through "
                     "scripts/test (it starts a throwaway PostgreSQL cluster)";
    return {};
  }
  return url;
}

}  // namespace corrchess::testing
