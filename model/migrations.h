// The records of db/migrations.h: what its repository functions read and write, and what
// app/ and api/ pass around. Plain data, no SQL (docs/architecture.md).
#pragma once

#include <string>
#include <vector>

#include "core/error.h"

namespace corrchess::model {

struct Migration {
  int version = 0;
  std::string name;  // "init" for 0001_init.sql
  std::string sql;
  std::string checksum;  // hex FNV-1a 64 of the file contents
};

struct MigrationReport {
  std::vector<std::string> applied;  // "0002_games" for each newly applied file
  int current_version = 0;
};

}  // namespace corrchess::model
