#include "server/live_session.h"

#include <chrono>

#include <spdlog/spdlog.h>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <nlohmann/json.hpp>

namespace corrchess::server {

namespace asio = boost::asio;
using nlohmann::json;

LiveSession::LiveSession(asio::any_io_executor executor, LiveUser user,
                         std::shared_ptr<const LiveHooks> hooks, asio::thread_pool& workers,
                         ConnectionLease lease)
    : executor_(std::move(executor)),
      user_(std::move(user)),
      hooks_(std::move(hooks)),
      hub_(*hooks_->hub),
      workers_(workers),
      outbox_(hub_.limits()),
      lease_(std::move(lease)),
      feed_(user_.since),
      expiry_(executor_) {}

void LiveSession::send(std::shared_ptr<const std::string> message) {
  asio::dispatch(executor_, [self = shared_from_this(), message = std::move(message)] {
    self->enqueue(message);
  });
}

void LiveSession::send_numbered(std::int64_t seq, std::string message) {
  asio::dispatch(executor_, [self = shared_from_this(), seq, message = std::move(message)] {
    if (self->closing_) return;
    self->apply(self->feed_.on_live(seq, message), false, std::nullopt);
  });
}

void LiveSession::recover(std::vector<std::int64_t> games) {
  asio::dispatch(executor_, [self = shared_from_this(), games = std::move(games)] {
    if (self->closing_) return;
    if (!games.empty()) {
      json ids = json::array();
      for (const auto id : games) ids.push_back(std::to_string(id));
      self->push_text(json{{"type", "resync"}, {"games", ids}}.dump());
    }
    self->apply(self->feed_.on_possible_loss(), false, std::nullopt);
  });
}

void LiveSession::revoke() {
  asio::dispatch(executor_, [self = shared_from_this()] {
    if (self->closing_) return;
    self->push_text(json{{"type", "session_ended"},
                         {"detail",
                          "the sign-in of this connection ended (log out, expiry or a change "
                          "of role): connect again with a valid token"}}
                        .dump());
    self->close_gracefully(true);
  });
}

void LiveSession::shut_down() {
  asio::dispatch(executor_, [self = shared_from_this()] { self->close_gracefully(false); });
}

void LiveSession::begin() {
  hub_.add(shared_from_this());
  if (user_.token_expires_in > 0) {
    expiry_.expires_after(std::chrono::seconds(user_.token_expires_in));
    expiry_.async_wait([self = shared_from_this()](boost::beast::error_code ec) {
      if (!ec) self->revoke();
    });
  }
  // Registered before the first read of the store: what commits after that read arrives
  // live, what committed before it is in it, so nothing falls between the two.
  read_store();
}

void LiveSession::read_store() {
  if (closing_) return;
  // A client far behind reads page by page as it takes them, never overflowing its outbox.
  const auto& limits = hub_.limits();
  if (outbox_.size() > limits.max_queued_messages / 2 ||
      outbox_.bytes() > limits.max_queued_bytes / 2) {
    read_waiting_ = true;
    return;
  }
  const auto since = feed_.fetch_from();
  asio::post(workers_, [self = shared_from_this(), since] {
    Result<model::UserEventPage> page = model::UserEventPage{};
    if (self->hooks_->read_events) page = self->hooks_->read_events(self->user_.id, since);
    asio::post(self->executor_, [self, page = std::move(page)] {
      if (self->closing_) return;
      if (!page) {
        // The database is unreachable: try again shortly (live messages are held meanwhile).
        auto retry = std::make_shared<asio::steady_timer>(self->executor_);
        retry->expires_after(std::chrono::seconds(1));
        retry->async_wait([self, retry](boost::beast::error_code ec) {
          if (!ec) self->read_store();
        });
        return;
      }
      const bool greet = !self->feed_.started();
      const auto before = self->feed_.last();
      const bool full =
          static_cast<int>(page->events.size()) >= self->hooks_->page_size && !page->events.empty();
      auto step = self->feed_.on_page(*page, full);
      // The greeting names the number the delivery continues after.
      const auto greeting_seq = (step.resync || !before) ? self->feed_.last() : before;
      self->apply(std::move(step), greet, greeting_seq);
    });
  });
}

void LiveSession::apply(EventFeed::Step step, bool greet,
                        std::optional<std::int64_t> greeting_seq) {
  if (greet) {
    push_text(json{{"type", "hello"}, {"user", user_.username}, {"seq", greeting_seq.value_or(0)}}
                  .dump());
    on_greeted();
  }
  if (step.resync) {
    push_text(json{{"type", "resync"}, {"seq", feed_.last().value_or(0)}}.dump());
  }
  for (auto& text : step.deliver) push_text(std::move(text));
  if (step.fetch) read_store();
}

void LiveSession::push_text(std::string text) {
  enqueue(std::make_shared<const std::string>(std::move(text)));
}

void LiveSession::enqueue(std::shared_ptr<const std::string> message) {
  if (closing_) return;
  if (!outbox_.push(std::move(message))) {
    // The client does not read fast enough: drop it rather than buffer without bound.
    hub_.count_slow();
    spdlog::warn("live: closing slow client {} ({} messages, {} bytes queued)", user_.username,
                 outbox_.size(), outbox_.bytes());
    closing_ = true;
    return abort_transport();
  }
  if (!writing_) write_next();
}

void LiveSession::write_next() {
  if (outbox_.empty() || closing_) {
    writing_ = false;
    return;
  }
  writing_ = true;
  write_message(outbox_.front(), [self = shared_from_this()](boost::beast::error_code ec) {
    if (ec) return self->finish();
    self->hub_.count_sent();
    self->outbox_.pop();
    if (self->read_waiting_ &&
        self->outbox_.size() <= self->hub_.limits().max_queued_messages / 4) {
      self->read_waiting_ = false;
      self->read_store();
    }
    self->write_next();
  });
}

void LiveSession::finish() {
  if (finished_) return;
  finished_ = true;
  closing_ = true;
  expiry_.cancel();  // its handler holds this session
  hub_.remove(this);
}

}  // namespace corrchess::server
