// Named statements: the SQL a request runs on every move, prepared once per connection
// (parse and plan saved on each call) when prepared statements are allowed, otherwise sent
// with its parameters each time as every other statement is.
//
// Prepared statements live in a server session, so they must be off when connections go
// through a pooler that hands each transaction to another session (PgBouncer before 1.21
// in transaction mode): CORRCHESS_DB_PREPARED_STATEMENTS=0 (docs/operations.md).
#pragma once

#include <atomic>
#include <utility>

#include <pqxx/pqxx>

namespace corrchess::db {

// A statement with the name it is prepared under (unique per process).
struct NamedStatement {
  const char* name;
  const char* sql;
};

namespace detail {
inline std::atomic<bool> prepared_statements{true};
}  // namespace detail

// Whether named statements are prepared (set once at startup, before any query).
inline void use_prepared_statements(bool on) { detail::prepared_statements = on; }
inline bool prepared_statements_used() { return detail::prepared_statements; }

// Runs `statement` with `args` in `tx`: prepared on this connection on first use (libpqxx
// re-prepares on a reopened connection), or as a plain parameterised statement.
template <class... Args>
pqxx::result exec_named(pqxx::transaction_base& tx, const NamedStatement& statement,
                        Args&&... args) {
  if (!prepared_statements_used())
    return tx.exec_params(statement.sql, std::forward<Args>(args)...);
  tx.conn().prepare(statement.name, statement.sql);  // no-op once defined on this connection
  return tx.exec_prepared(statement.name, std::forward<Args>(args)...);
}

}  // namespace corrchess::db
